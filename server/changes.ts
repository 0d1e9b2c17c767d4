// Change notifications between processes: database triggers NOTIFY `sc_changes` with "key:<hash>" or
// "account:<id>" at commit (migration 20261122040000_change_notifications); each process LISTENs on one
// connection and drops what it cached. While that connection is down, caches must not be trusted, so
// `changesLive()` is false and callers read the database instead.
import pg from "pg";
import { config } from "./config";
import { connectionOptions } from "./db";
import { log } from "./log";
import { unrefConnection } from "./pgSocket";

export type ChangeHandler = (kind: "key" | "account" | "reset", id: string) => void;

const RECONNECT_MS = 1000;
interface ChangesState {
  url: string;
  client: pg.Client | null;
  live: boolean;
  handlers: Set<ChangeHandler>;
  retry?: NodeJS.Timeout;
  failures?: number;
}
// per process, not per module instance: Next.js may load this module once per route bundle
declare global {
  var __changes: ChangesState | undefined;
}
const state = globalThis;

function current() {
  const url = config().DATABASE_URL ?? "";
  let s = state.__changes;
  if (!s || s.url !== url) {
    if (s) stop(s);
    s = state.__changes = { url, client: null, live: false, handlers: s?.handlers ?? new Set() };
    if (url) connect(s);
  }
  return s;
}

function emit(s: ChangesState, kind: "key" | "account" | "reset", id: string) {
  for (const h of s.handlers) h(kind, id);
}

function connect(s: ChangesState) {
  // a restart of the database ends this connection; it is re-opened every RECONNECT_MS until it answers
  const { connectionTimeoutMillis, keepAlive } = connectionOptions();
  const client = new pg.Client({ connectionString: s.url, connectionTimeoutMillis, keepAlive });
  s.client = client;
  const down = (err?: Error) => {
    if (s.client !== client) return;
    s.live = false;
    s.client = null;
    emit(s, "reset", "");
    s.failures = (s.failures ?? 0) + 1;
    if (s.failures === 1) log.warn({ err }, "change notifications lost; caches bypassed; reconnecting");
    client.end().catch(() => {});
    if (state.__changes === s) s.retry = setTimeout(() => connect(s), RECONNECT_MS).unref();
  };
  client.on("error", down);
  client.on("end", () => down());
  client.on("notification", (n) => {
    const [kind, id] = (n.payload ?? "").split(/:(.*)/s);
    if (kind === "key" || kind === "account") emit(s, kind, id);
  });
  client
    .connect()
    .then(() => client.query("listen sc_changes"))
    .then(() => {
      if (s.client !== client) return;
      // a listener must not keep scripts and tests alive
      unrefConnection(client);
      emit(s, "reset", ""); // whatever was cached before listening may have missed changes
      s.live = true;
      if (s.failures) log.info({ attempts: s.failures }, "change notifications restored");
      s.failures = 0;
    })
    .catch((err) => down(err));
}

function stop(s: ChangesState) {
  clearTimeout(s.retry);
  s.live = false;
  const c = s.client;
  s.client = null;
  c?.end().catch(() => {});
}

/** True while this process receives change notifications for the current database. */
export function changesLive(): boolean {
  return current().live;
}

/** Registers a handler for changes (and for "reset": drop everything). Starts listening if needed. */
export function onChange(handler: ChangeHandler): void {
  current().handlers.add(handler);
}
