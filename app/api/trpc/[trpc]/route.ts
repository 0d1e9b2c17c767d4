import { trpcHandler } from "@/server/trpc/httpHandler";

export const dynamic = "force-dynamic";

export { trpcHandler as GET, trpcHandler as POST };
