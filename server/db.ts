import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/prisma/client";
import { SerialClient } from "./serialClient";

export type Db = PrismaClient;
/** A transaction client or the root client: domain functions accept either. */
export type DbTx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const globalForDb = globalThis as unknown as { __db?: PrismaClient; __dbUrl?: string; __pool?: pg.Pool; __poolUrl?: string };

/** A client of its own pool (getDb shares one); its connections run a transaction's queries one at a time. */
export function newPrismaClient(url: string, max: number): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max, Client: SerialClient }) });
}

// One client per process (and per DATABASE_URL, so tests can switch databases per file).
export function getDb(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (scripts/start.mjs sets it for the embedded database)");
  if (!globalForDb.__db || globalForDb.__dbUrl !== url) {
    globalForDb.__db = newPrismaClient(url, Number(process.env.DB_POOL_SIZE ?? 10));
    globalForDb.__dbUrl = url;
  }
  return globalForDb.__db;
}

/**
 * A small plain `pg` pool for the hottest single-row reads (catalog version, API key), where the ORM's
 * per-query overhead (~1 ms) would dominate. Only for short reads outside transactions.
 */
export function getPgPool(): pg.Pool {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  if (!globalForDb.__pool || globalForDb.__poolUrl !== url) {
    globalForDb.__pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_FAST_POOL_SIZE ?? 4) });
    globalForDb.__poolUrl = url;
  }
  return globalForDb.__pool;
}
