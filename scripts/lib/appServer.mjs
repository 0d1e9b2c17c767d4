// The node:http server in front of Next.js's request handler (scripts/app-server.mjs), doing per request what
// Next cannot: the client's address from the socket and TRUST_PROXY (clientAddress.mjs) into one internal
// header, whatever the client sent under that name; X-Request-Id dropped unless a proxy of ours sent it (the
// route wrapper then makes one, server/http/route.ts); and the request body a route refused without reading it
// all (too large, no credentials) drained after the answer, so a keep-alive connection carries on with the
// next request instead of stalling behind the unread bytes. On SIGTERM (`stopOnSignals`) it stops taking
// connections, finishes the requests in flight within a bound, then exits.
import http from "node:http";
import { CLIENT_ADDRESS_HEADER, clientAddressOf, peerIsProxy } from "./clientAddress.mjs";

/** Up to this many unread body bytes are read and dropped after the answer; a longer body closes the connection. */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
/** …and for at most this long (a client that stops sending midway does not hold the connection). */
export const DRAIN_MS = 10_000;

/**
 * Reads and drops what is left of a body the handler stopped reading, so the connection's next request is
 * parsed. Next.js may have piped the body into a stream nobody reads any more: unpipe it first. A body
 * stream already torn down (a reader cancelled it) can no longer be read: the connection is closed then.
 */
function drain(req) {
  if (req.complete) return;
  const socket = req.socket;
  if (req.destroyed) return socket?.destroy();
  const close = () => socket?.destroy();
  const timer = setTimeout(close, DRAIN_MS);
  timer.unref();
  let bytes = 0;
  req.unpipe();
  req.removeAllListeners("data");
  req.on("data", (chunk) => {
    bytes += chunk.length;
    if (bytes > DRAIN_LIMIT_BYTES) close();
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

/**
 * When the answer starts before the body was read to its end: a body declared longer than the drain limit, or
 * one whose stream was torn down, gets `Connection: close` (Node ends the connection after the answer); any
 * other is drained afterwards.
 */
function finishUnreadBodies(req, res) {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadAfterBodyCheck(...args) {
    if (!req.complete && !res.headersSent) {
      const declared = Number(req.headers["content-length"]);
      if (req.destroyed || (Number.isFinite(declared) && declared > DRAIN_LIMIT_BYTES))
        res.setHeader("connection", "close");
      else res.once("finish", () => drain(req));
    }
    return writeHead.apply(this, args);
  };
}

/**
 * An http.Server handing every request to `handle` (Next's request handler) after setting the client address.
 * `trust`: parseTrustProxy(TRUST_PROXY). `keepAliveTimeoutMs`: idle keep-alive sockets stay open longer than
 * clients and proxies keep theirs (Node's 5 s default races a client reusing the socket: ECONNRESET).
 */
export function createAppServer(handle, { trust, keepAliveTimeoutMs = 65_000, onError = console.error }) {
  const server = http.createServer((req, res) => {
    // while stopping (closeGracefully): answer, then close the connection, so keep-alive clients reconnect elsewhere
    if (!server.listening) res.shouldKeepAlive = false;
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(
      req.socket.remoteAddress,
      req.headers["x-forwarded-for"],
      trust,
    );
    if (!peerIsProxy(req.socket.remoteAddress, trust)) delete req.headers["x-request-id"];
    finishUnreadBodies(req, res);
    Promise.resolve()
      .then(() => handle(req, res))
      .catch((e) => {
        onError(e);
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
        else res.destroy();
      });
  });
  server.keepAliveTimeout = keepAliveTimeoutMs;
  return server;
}

/** SHUTDOWN_GRACE_MS as a number of milliseconds (10 s unset); anything but a whole number is refused. */
export function shutdownGraceMs(value) {
  if (value === undefined || value === "") return 10_000;
  if (!/^\d{1,9}$/.test(value))
    throw new Error(`SHUTDOWN_GRACE_MS: a whole number of milliseconds is required, not "${value}"`);
  return Number(value);
}

/**
 * Stops `server` taking connections and waits for the requests in flight to be answered: idle keep-alive
 * connections close now, busy ones after their answer. After `graceMs` whatever still runs is cut off.
 * Resolves true when everything finished in time.
 */
export async function closeGracefully(server, graceMs) {
  let drained = true;
  const closed = new Promise((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => {
    drained = false;
    server.closeAllConnections();
  }, graceMs);
  await closed;
  clearTimeout(timer);
  return drained;
}

/**
 * On SIGTERM or SIGINT: `closeGracefully`, then `cleanup()` (Next.js's own, the trace exporter's last batch),
 * then exit 0, or 1 when requests had to be cut off.
 */
export function stopOnSignals(server, { graceMs, cleanup = async () => {}, log = console.log }) {
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    log(`app: ${signal}: taking no new connections, finishing requests in flight (at most ${graceMs} ms)`);
    const drained = await closeGracefully(server, graceMs);
    if (!drained) log(`app: requests still running after ${graceMs} ms were cut off`);
    await cleanup().catch(() => {});
    process.exit(drained ? 0 : 1);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
