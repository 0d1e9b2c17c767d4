// DATABASE_URL from the user, or the embedded server with data in .data/pg (reused when another
// process, e.g. `npm start`, already runs it). Under root in a private directory the data lives under
// /var/tmp instead (pgRuntime.mjs); `dataDir` says where.
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { reachableDataDir, startEmbeddedPostgres } from "./pg.mjs";

const DATA_DIR = ".data/pg";

async function runningEmbedded(dataDir, dbName) {
  const pidFile = `${dataDir}/postmaster.pid`;
  if (!existsSync(pidFile)) return null;
  const port = Number(readFileSync(pidFile, "utf8").split("\n")[3]);
  if (!port) return null;
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/${dbName}`;
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    await c.end();
    return url;
  } catch {
    return null;
  }
}

/** Throws an EmbeddedPgError (message: why and what to do) when the embedded server cannot start. */
export async function provideDatabase({ dbName = "subscriptions", quiet = true, detached = false } = {}) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  const dataDir = reachableDataDir(DATA_DIR);
  const shared = await runningEmbedded(dataDir, dbName);
  if (shared) return { url: shared, embedded: true, dataDir, stop: async () => {} };
  const server = await startEmbeddedPostgres({
    dir: DATA_DIR,
    port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
    quiet,
    detached,
  });
  await server.ensureDatabase(dbName);
  return { url: server.urlFor(dbName), embedded: true, dataDir: server.dataDir, stop: server.stop, server };
}
