// Liveness of idempotency claims: while a request executes under a key, its process holds a session-level
// PostgreSQL advisory lock named by the key, on one connection of its own (`holder connection`, one per
// process, shared by all its keys). PostgreSQL drops the lock the moment that connection ends: the process
// died or was killed, or the database restarted. So a retry that can take the lock knows that no live
// request holds the key, at once, without waiting out a lease; one that cannot take it waits for the
// request that holds it. Safety never rests on this (a takeover is fenced, see store.ts); only speed does.
import { createHash } from "node:crypto";
import pg from "pg";
import { config } from "@/server/config";
import { connectionOptions } from "@/server/db";
import { unrefConnection } from "@/server/pgSocket";

interface HolderConnection {
  client: pg.Client;
  url: string;
  ready: Promise<unknown>;
  open: boolean;
  /** the last query sent: the next one waits for it (a pg client runs one query at a time) */
  last: Promise<unknown>;
}

/** One key's lock as this process holds it (the connection it was taken on), until released. */
interface Hold {
  connection?: HolderConnection;
}

/** A key this request holds: release it once the key's outcome is stored or the key released. */
export interface KeyHold {
  release(): Promise<void>;
}

// per process, not per module instance: Next.js may load this module once per route bundle
interface ProcessHolds {
  connection?: HolderConnection;
  /** the keys this process's requests hold, by advisory lock key */
  held: Map<string, Hold>;
}
declare global {
  var __idempotencyHolds: ProcessHolds | undefined;
}
const state = globalThis;
const holds = (): ProcessHolds => (state.__idempotencyHolds ??= { held: new Map() });

// the lock queries are instant; a connection that does not answer them quickly is dropped (its locks with it)
const LOCK_QUERY_TIMEOUT_MS = 5_000;

/** The advisory lock's 64-bit key of an idempotency key (a collision only makes a retry wait, never unsafe). */
export function lockKeyOf(accountId: number, scope: string, key: string): string {
  return createHash("sha256").update(`${accountId}\n${scope}\n${key}`).digest().readBigInt64BE(0).toString();
}

function drop(connection: HolderConnection) {
  connection.open = false;
  const h = holds();
  if (h.connection === connection) h.connection = undefined;
  connection.client.end().catch(() => {});
}

async function holderConnection(): Promise<HolderConnection> {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const h = holds();
  const current = h.connection;
  if (current?.open && current.url === url) {
    await current.ready;
    return current;
  }
  const client = new pg.Client({
    connectionString: url,
    ...connectionOptions(),
    statement_timeout: LOCK_QUERY_TIMEOUT_MS,
    query_timeout: LOCK_QUERY_TIMEOUT_MS,
    application_name: "idempotency holds",
  });
  const connection: HolderConnection = { client, url, open: true, ready: Promise.resolve(), last: Promise.resolve() };
  // a database restart ends the connection (and with it every lock on it): the next claim opens another
  client.on("error", () => drop(connection));
  client.on("end", () => drop(connection));
  connection.ready = client.connect().then(() => {
    // the holder connection must not keep scripts and tests alive
    unrefConnection(client);
  });
  connection.last = connection.ready.catch(() => {});
  h.connection = connection;
  try {
    await connection.ready;
  } catch (e) {
    drop(connection);
    throw e;
  }
  return connection;
}

/** One lock query on the holder connection, after the ones sent before it. */
function lockQuery(connection: HolderConnection, text: string, lockKey: string) {
  const result = connection.last.then(() => connection.client.query<{ done: boolean }>(text, [lockKey]));
  connection.last = result.catch(() => {});
  return result;
}

/**
 * Takes the key's lock for this request, or null when a live request holds it: another request of this
 * process (session locks are re-entrant, so the process keeps its own list) or of another process.
 */
export async function holdKey(lockKey: string): Promise<KeyHold | null> {
  const h = holds();
  if (h.held.has(lockKey)) return null;
  const hold: Hold = {};
  h.held.set(lockKey, hold); // before any await: a concurrent request of this process must see it
  let connection: HolderConnection | undefined;
  try {
    connection = await holderConnection();
    const { rows } = await lockQuery(connection, "select pg_try_advisory_lock($1::bigint) as done", lockKey);
    if (!rows[0]?.done) {
      h.held.delete(lockKey);
      return null;
    }
  } catch (e) {
    h.held.delete(lockKey);
    // a lock query without an answer may still have taken the lock: drop the connection, so nothing stays held
    if (connection) drop(connection);
    throw e;
  }
  hold.connection = connection;
  return { release: () => release(lockKey, hold) };
}

async function release(lockKey: string, hold: Hold) {
  const h = holds();
  if (h.held.get(lockKey) !== hold) return;
  const connection = hold.connection;
  try {
    // a lock taken on a connection that has ended since is gone already
    if (connection?.open) await lockQuery(connection, "select pg_advisory_unlock($1::bigint) as done", lockKey);
  } catch {
    if (connection) drop(connection);
  } finally {
    h.held.delete(lockKey);
  }
}
