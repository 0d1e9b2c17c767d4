// `node --import tsx tests/ops/_slow-app-server.ts <ms>`: the app server's node:http front and its SIGTERM
// handling (scripts/lib/appServer.mjs, as scripts/app-server.mjs wires them) in a process of its own, with a
// stand-in for Next.js's handler: `/slow` answers after <ms>, anything else at once. A production build takes
// minutes; this starts in a second. Prints "listening <port>" once it listens on 127.0.0.1, and "in flight"
// when a slow request has arrived.
import type http from "node:http";
// @ts-expect-error plain ESM helper
import { createAppServer, shutdownGraceMs, stopOnSignals } from "@/scripts/lib/appServer.mjs";
// @ts-expect-error plain ESM helper
import { parseTrustProxy } from "@/scripts/lib/clientAddress.mjs";

const slowMs = Number(process.argv[2] ?? 1500); // how long /slow takes, in ms
const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
  if (req.url === "/slow") {
    console.log("in flight");
    await new Promise((resolve) => setTimeout(resolve, slowMs));
    res.writeHead(200, { "content-type": "text/plain" }).end("done");
  } else res.writeHead(200, { "content-type": "text/plain" }).end("ok");
};
const server = createAppServer(handle, { trust: parseTrustProxy(undefined) });
stopOnSignals(server, { graceMs: shutdownGraceMs(process.env.SHUTDOWN_GRACE_MS) });
server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
