// Reads from a streaming replica (DATABASE_REPLICA_URL) where a little lag is harmless: lists, analytics,
// exports and the forecast. A client must still see its own changes, so every change through the API or the
// console records the primary's WAL position for the account (replica_fences, on the primary), and a read
// for that account goes to the replica only once the replica has replayed up to it; otherwise, or when the
// replica cannot answer, to the primary. Without DATABASE_REPLICA_URL every read is the primary's.
import pg from "pg";
import { config } from "./config";
import { connectionOptions, type Db, getDb, getPgPool, newPrismaClient } from "./db";
import type { Ctx } from "./domain/context";
import { log } from "./log";

declare global {
  var __replicaDb: Db | undefined;
  var __replicaPool: pg.Pool | undefined;
  var __replicaUrl: string | undefined;
}

const replicaUrl = () => config().DATABASE_REPLICA_URL;

function replica(): { db: Db; pool: pg.Pool } | null {
  const url = replicaUrl();
  if (!url) return null;
  if (!globalThis.__replicaDb || globalThis.__replicaUrl !== url) {
    globalThis.__replicaDb = newPrismaClient(url, config().DB_POOL_SIZE);
    const pool = new pg.Pool({ connectionString: url, max: config().DB_FAST_POOL_SIZE, ...connectionOptions() });
    pool.on("error", () => {});
    globalThis.__replicaPool = pool;
    globalThis.__replicaUrl = url;
  }
  return { db: globalThis.__replicaDb, pool: globalThis.__replicaPool! };
}

/** After a change for the account: reads must not come from a replica that has not replayed it. */
export async function noteAccountWrite(accountId: number): Promise<void> {
  if (!replicaUrl()) return;
  await getPgPool()
    .query(
      `insert into replica_fences (account_id, lsn, updated_at) values ($1, pg_current_wal_insert_lsn()::text, now())
       on conflict (account_id) do update set lsn = excluded.lsn, updated_at = excluded.updated_at`,
      [accountId],
    )
    .catch((err) => log.error({ err, accountId }, "replica fence not recorded"));
}

/** Where a read for the account goes: the replica when it has replayed the account's last change, else the primary. */
export async function readDbFor(accountId: number): Promise<{ db: Db; primary?: Db }> {
  const primary = getDb();
  const r = replica();
  if (!r) return { db: primary };
  try {
    const fence = await getPgPool().query<{ lsn: string }>("select lsn from replica_fences where account_id = $1", [
      accountId,
    ]);
    const lsn = fence.rows[0]?.lsn;
    if (lsn) {
      const replayed = await r.pool.query<{ ok: boolean | null }>(
        "select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok",
        [lsn],
      );
      if (!replayed.rows[0]?.ok) return { db: primary };
    }
    return { db: r.db, primary };
  } catch (err) {
    log.warn({ err }, "replica unavailable: reading from the primary");
    return { db: primary };
  }
}

/** The ctx for a read that may use the replica (the same ctx when there is none or it lags). */
export async function replicaCtx<C extends Ctx>(ctx: C): Promise<C> {
  const chosen = await readDbFor(ctx.accountId);
  return chosen.primary ? { ...ctx, db: chosen.db, primary: chosen.primary } : ctx;
}

/** The plain pg pool of the ctx's database (exports read through it): the replica's when ctx.db is the replica. */
export const pgPoolFor = (ctx: Ctx): pg.Pool => (ctx.primary ? (replica()?.pool ?? getPgPool()) : getPgPool());
