import { signInRoute } from "@/server/http/signInRoute";

export const dynamic = "force-dynamic";

export { signInRoute as GET, signInRoute as POST };
