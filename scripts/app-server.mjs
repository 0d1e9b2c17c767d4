#!/usr/bin/env node
// The app's one server entry (`npm start`, `npm run dev`, the browser tests): Next.js (a production build, or
// `--dev`) behind node:http (lib/appServer.mjs), which derives each request's client address from the socket
// and TRUST_PROXY and drains bodies a route refused. Listens on PORT (3000) on every interface, as
// `next start` did. A production server answers GET /api/health once itself before listening, so the first
// outside request does not pay for loading the route and the database client.
import http from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { createAppServer, shutdownGraceMs, stopOnSignals } from "./lib/appServer.mjs";
import { parseTrustProxy } from "./lib/clientAddress.mjs";

// before Next.js wraps the global Date (lib/nativeDate.cjs; also preloaded through NODE_OPTIONS by nextEnv.mjs)
createRequire(import.meta.url)("./lib/nativeDate.cjs");

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const dir = fileURLToPath(new URL("..", import.meta.url));
// as `next start` / `next dev` set it; the operator's own choice travels as APP_ENV (scripts/start.mjs)
process.env.NODE_ENV = dev ? "development" : "production";

let trust;
let graceMs;
try {
  trust = parseTrustProxy(process.env.TRUST_PROXY);
  graceMs = shutdownGraceMs(process.env.SHUTDOWN_GRACE_MS);
} catch (e) {
  console.error(`Refusing to start: ${e.message}`);
  process.exit(1);
}

const nextModule = await import("next");
const next = nextModule.default.default ?? nextModule.default;
const app = next({ dev, dir, hostname: "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();
const onError = (e) => console.error("request failed:", e);

/** One request to a path on a throw-away listener on 127.0.0.1 with the same handler (loads its route). */
async function warm(path) {
  const probe = createAppServer(handle, { trust, onError });
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  try {
    await new Promise((resolve) => {
      const req = http.get({ host: "127.0.0.1", port: probe.address().port, path, agent: false }, (res) => {
        res.resume();
        res.on("end", resolve);
      });
      req.on("error", resolve);
      req.setTimeout(60_000, () => req.destroy());
    });
  } finally {
    probe.close();
  }
}
if (!dev) await warm("/api/health");

const server = createAppServer(handle, { trust, onError });
server.on("error", (e) => {
  console.error(`app server: ${e.message}`);
  process.exit(1);
});
server.listen(port, () => console.log(`app: listening on http://localhost:${port}${dev ? " (development)" : ""}`));

// SIGTERM/SIGINT: stop accepting, let requests in flight finish within SHUTDOWN_GRACE_MS (idle keep-alive sockets
// close at once, busy ones after their answer), then Next's own cleanup and the traces' last batch; exit 0
// (1 when requests had to be cut off)
stopOnSignals(server, {
  graceMs,
  cleanup: async () => {
    await app.close?.();
    await globalThis.__tracerProvider?.shutdown();
  },
});
