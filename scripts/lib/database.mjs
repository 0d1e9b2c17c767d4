// DATABASE_URL from the user, or the embedded server with data in .data/pg (reused when another
// process, e.g. `npm start`, already runs it).
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { startEmbeddedPostgres } from "./pg.mjs";

const DATA_DIR = ".data/pg";

async function runningEmbedded(dbName) {
  const pidFile = `${DATA_DIR}/postmaster.pid`;
  if (!existsSync(pidFile)) return null;
  const port = Number(readFileSync(pidFile, "utf8").split("\n")[3]);
  if (!port) return null;
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/${dbName}`;
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try { await c.connect(); await c.end(); return url; } catch { return null; }
}

export async function provideDatabase({ dbName = "subscriptions", quiet = true } = {}) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  const shared = await runningEmbedded(dbName);
  if (shared) return { url: shared, embedded: true, stop: async () => {} };
  const server = await startEmbeddedPostgres({ dir: DATA_DIR, port: Number(process.env.EMBEDDED_PG_PORT ?? 54329), quiet });
  await server.ensureDatabase(dbName);
  return { url: server.urlFor(dbName), embedded: true, stop: server.stop, server };
}
