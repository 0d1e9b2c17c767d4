import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { log } from "@/server/log";
import { createTrpcContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";

export const dynamic = "force-dynamic";

const handler = (req: Request) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: createTrpcContext,
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR")
        log.error({ err: error.cause ?? error, path }, "trpc procedure failed");
    },
  });

export { handler as GET, handler as POST };
