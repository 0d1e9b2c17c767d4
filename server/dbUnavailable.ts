// Recognises "the database is unreachable right now" among the errors that reach a transport, so they
// answer 503 (with Retry-After) instead of 500. Shapes found by stopping, restarting and pausing
// PostgreSQL under load (tests/faults): the Prisma adapter reports them as P1001/P1017/P2024, or as P2010
// carrying the server's SQLSTATE in meta.driverAdapterError; node-postgres as socket error codes,
// "Connection terminated ..." messages, or server errors of class 08 / 57P0x. Under load, a transaction
// that cannot get a pooled connection within its wait budget (P2028 "Unable to start a transaction in the
// given time") is the same: busy now, worth retrying.

/** Seconds a client should wait before retrying. */
export const RETRY_AFTER_SECONDS = 5;

const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// connection exceptions, admin/crash shutdown, cannot connect now, too many connections, statement timeout
const SQLSTATE = /^(08...|57P0[1-3]|53300|57014)$/;
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection|not queryable|Query read timeout|the database system is (starting up|shutting down|in recovery)|terminating connection due to administrator command|Timed out fetching a new connection|Unable to start a transaction in the given time/i;

function looksUnavailable(e: Record<string, unknown>): boolean {
  const code = typeof e.code === "string" ? e.code : typeof e.originalCode === "string" ? e.originalCode : "";
  if (PRISMA_CODES.has(code) || SQLSTATE.test(code) || SOCKET_CODES.has(code)) return true;
  if (typeof e.originalCode === "string" && SQLSTATE.test(e.originalCode)) return true;
  return typeof e.message === "string" && MESSAGES.test(e.message);
}

/** True when `error` (or anything it wraps) says the database cannot be reached or stopped answering. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 6) return false;
  const e = error as Record<string, unknown> & {
    meta?: { driverAdapterError?: { cause?: unknown } };
    errors?: unknown[];
  };
  if (looksUnavailable(e)) return true;
  const wrapped = [
    e.cause,
    e.meta?.driverAdapterError,
    e.meta?.driverAdapterError?.cause,
    ...(Array.isArray(e.errors) ? e.errors : []),
  ];
  return wrapped.some((w) => isDatabaseUnavailable(w, depth + 1));
}
