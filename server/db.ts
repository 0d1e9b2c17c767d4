// The Prisma client on node-postgres (one per process and DATABASE_URL), its pool, and the Db / DbTx types
// domain functions take. Both pools trace their SQL when traces are on (./tracedPg.ts).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { config } from "./config";
import { type Prisma, PrismaClient } from "./generated/prisma/client";
import { SerialClient } from "./serialClient";
import { TracedClient, TracedPool } from "./tracedPg";

export type Db = PrismaClient;
/** A transaction client or the root client: domain functions accept either. */
export type DbTx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

// per process, not per module instance: Next.js may load this module once per route bundle
declare global {
  var __db: PrismaClient | undefined;
  var __dbPool: pg.Pool | undefined;
  var __dbUrl: string | undefined;
  var __pool: pg.Pool | undefined;
  var __poolUrl: string | undefined;
}
const globalForDb = globalThis;

/**
 * Timeouts every pool and connection of this process uses, so a database that is down or stuck makes
 * requests fail fast (and answer 503) instead of hanging: connecting gives up after DB_CONNECT_TIMEOUT_MS,
 * a statement after DB_STATEMENT_TIMEOUT_MS (server side, plus a client-side bound a little later for a
 * server that stopped answering), and TCP keep-alive notices a peer that vanished.
 */
export function connectionOptions(): Pick<
  pg.PoolConfig,
  "connectionTimeoutMillis" | "statement_timeout" | "query_timeout" | "keepAlive" | "keepAliveInitialDelayMillis"
> {
  const { DB_STATEMENT_TIMEOUT_MS: statement, DB_CONNECT_TIMEOUT_MS } = config();
  return {
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    statement_timeout: statement,
    query_timeout: statement + 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * A client of its own pool (getDb shares one); its connections run a transaction's queries one at a time.
 * NOTE: a transaction waits up to DB_TX_MAX_WAIT_MS (10 s; Prisma's default is 2 s) for a pooled connection:
 * a burst of writes (50 parallel contract creations on 2 cores) queues instead of failing, and what still
 * cannot start in time answers 503 (dbUnavailable.ts). DB_TX_TIMEOUT_MS bounds a transaction's run (15 s).
 */
export function newPrismaClient(url: string, max: number): PrismaClient {
  return prismaOn(prismaPool(url, max));
}

const prismaPool = (url: string, max: number) =>
  new TracedPool({ connectionString: url, max, Client: SerialClient, ...connectionOptions() });

/** Each client's pool, for statements sent past the ORM on the same connections (rawTransaction). */
const poolOfClient = new WeakMap<object, pg.Pool>();

/** A Prisma client on `pool` (ended by the client's $disconnect); getDb keeps its pool for the metrics. */
function prismaOn(pool: pg.Pool): PrismaClient {
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: {
      maxWait: config().DB_TX_MAX_WAIT_MS,
      timeout: config().DB_TX_TIMEOUT_MS,
    },
  });
  poolOfClient.set(client, pool);
  return client;
}

// One client per process (and per DATABASE_URL, so tests can switch databases per file).
export function getDb(): PrismaClient {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (scripts/start.mjs sets it for the embedded database)");
  if (!globalForDb.__db || globalForDb.__dbUrl !== url) {
    const pool = prismaPool(url, config().DB_POOL_SIZE);
    globalForDb.__db = prismaOn(pool);
    globalForDb.__dbPool = pool;
    globalForDb.__dbUrl = url;
  }
  return globalForDb.__db;
}

/**
 * A small plain `pg` pool for the hottest single-row reads (catalog version, API key), where the ORM's
 * per-query overhead (~1 ms) would dominate. Only for short reads outside transactions.
 */
export function getPgPool(): pg.Pool {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  if (!globalForDb.__pool || globalForDb.__poolUrl !== url) {
    const pool = new TracedPool({
      connectionString: url,
      max: config().DB_FAST_POOL_SIZE,
      Client: TracedClient,
      ...connectionOptions(),
    });
    // an idle connection the server dropped (restart) must not crash the process; the pool replaces it
    pool.on("error", () => {});
    globalForDb.__pool = pool;
    globalForDb.__poolUrl = url;
  }
  return globalForDb.__pool;
}

/**
 * Runs one statement on a connection of its own to the primary with DB_REBUILD_TIMEOUT_MS instead of
 * DB_STATEMENT_TIMEOUT_MS: for rebuilding an account's derived tables, which at a million contracts runs past a
 * request's limit and, cut off there, would roll back and start over on every read.
 */
export async function runLongStatement(text: string, values: unknown[]): Promise<void> {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const limit = config().DB_REBUILD_TIMEOUT_MS;
  const client = new TracedClient({
    connectionString: url,
    ...connectionOptions(),
    statement_timeout: limit,
    query_timeout: limit + 5_000,
  });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Connections of this process's pools (the metrics endpoint's gauges): Prisma's and the fast one, as far as opened. */
export function poolUse(): { pool: "prisma" | "fast"; total: number; idle: number; waiting: number }[] {
  const pools = [
    ["prisma", globalForDb.__dbPool],
    ["fast", globalForDb.__pool],
  ] as const;
  return pools.flatMap(([name, pool]) =>
    pool ? [{ pool: name, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }] : [],
  );
}

/** Statements of one transaction sent as text on a connection of a client's pool (rawTransaction). */
export interface RawTx {
  /** The statement's rows: integers and booleans as numbers and booleans, numerics as exact strings, timestamps as UTC instants. */
  rows<R>(sql: Prisma.Sql): Promise<R[]>;
  /** The rows the statement wrote. */
  count(sql: Prisma.Sql): Promise<number>;
}

/** `timestamp` columns (UTC without a zone, as Prisma stores DateTime) read as UTC, whatever the process's zone. */
const UTC_TIMESTAMP = 1114;
export const utcTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === UTC_TIMESTAMP
      ? (text: string) => new Date(`${text.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** Instants go out as ISO text: read as UTC by `timestamp` columns and as the instant by `timestamptz`. */
const valuesOf = (sql: Prisma.Sql) => sql.values.map((v) => (v instanceof Date ? v.toISOString() : v));

const statementNames = new Map<string, string>();
/** Texts named at most: beyond them statements go unnamed, so a caller whose text varies cannot fill the server. */
const NAMED_STATEMENTS = 64;
/**
 * The statement as sent by the raw helpers: named after its text, so each connection prepares it once and the
 * server keeps its plan. NOTE: the billing path's statements have fixed texts (values are parameters, a chunk's
 * rows one JSON parameter or id array, whose size no plan depends on) and planning them took 2.5 ms a chunk of 200
 * contracts. Named statements need connections of their own, as DATABASE_URL already requires (a session-mode
 * pooler at most, docs/deployment.md).
 */
function statementOf(sql: Prisma.Sql) {
  let name = statementNames.get(sql.text);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS) {
    name = `raw_${statementNames.size}`;
    statementNames.set(sql.text, name);
  }
  return { name, text: sql.text, values: valuesOf(sql) };
}

/**
 * Runs `work` in one transaction on a connection of `db`'s pool, its statements sent as text without the ORM.
 * NOTE: for the billing worker's set-based path, whose statements are all hand-written: there the ORM's client
 * and query compiler took a fifth of a worker's CPU without doing anything for them. Same pool, so no more
 * connections; read committed, as the ORM's transactions are.
 */
export async function rawTransaction<T>(db: Db, work: (tx: RawTx) => Promise<T>): Promise<T> {
  const client = await poolOf(db).connect();
  const tx: RawTx = {
    rows: async <R>(sql: Prisma.Sql) => (await client.query({ ...statementOf(sql), types: utcTypes })).rows as R[],
    count: async (sql) => (await client.query(statementOf(sql))).rowCount ?? 0,
  };
  let broken: Error | undefined;
  try {
    await client.query("begin");
    const result = await work(tx);
    await client.query("commit");
    return result;
  } catch (e) {
    await client.query("rollback").catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw e;
  } finally {
    // a connection whose rollback failed is not handed out again
    client.release(broken);
  }
}

/** One statement's rows outside a transaction, on `db`'s pool without the ORM (as RawTx.rows reads them). */
export async function rawRows<R>(db: Db, sql: Prisma.Sql): Promise<R[]> {
  return (await poolOf(db).query({ ...statementOf(sql), types: utcTypes })).rows as R[];
}

/** `db`'s pool (the process's own when `db` was not made here). */
function poolOf(db: Db): pg.Pool {
  const pool = poolOfClient.get(db);
  if (pool) return pool;
  getDb();
  return globalForDb.__dbPool!;
}
