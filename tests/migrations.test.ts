// The committed migrations produce exactly the Prisma schema (no drift), checked with `prisma migrate diff`
// through the offline schema-engine shim configured in prisma.config.ts.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "./helpers";

const PRISMA = path.resolve("node_modules/.bin/prisma");
const SCHEMA = "prisma/schema.prisma";
const tmp = mkdtempSync(path.join(os.tmpdir(), "migrations-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function migrateDiff(toSchema: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      PRISMA,
      ["migrate", "diff", "--from-migrations", "prisma/migrations", "--to-schema", toSchema, "--exit-code"],
      { env: process.env, cwd: process.cwd(), timeout: 170_000, maxBuffer: 10 * 1024 * 1024 },
      (err, stdout, stderr) =>
        resolve({
          code: err ? (typeof err.code === "number" ? err.code : -1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
  });
}

const mappedTables = (schema: string) => [...schema.matchAll(/@@map\("([^"]+)"\)/g)].map((m) => m[1]).sort();

describe("migrations", () => {
  it("prisma migrate diff from the committed migrations to schema.prisma finds no difference (and detects one when there is)", async () => {
    // negative control: the same command must notice a model the migrations lack
    const drifted = path.join(tmp, "schema.prisma");
    writeFileSync(
      drifted,
      readFileSync(SCHEMA, "utf8") +
        '\nmodel MigrationDriftProbe {\n  id Int @id\n  @@map("migration_drift_probe")\n}\n',
    );
    const [clean, drift] = await Promise.all([migrateDiff(SCHEMA), migrateDiff(drifted)]);
    expect(clean.code, `migrations and schema differ:\n${clean.stdout}\n${clean.stderr}`).toBe(0);
    expect(drift.code, `drift not detected:\n${drift.stdout}\n${drift.stderr}`).toBe(2);
    expect(drift.stdout).toContain("migration_drift_probe");
  }, 180_000);

  it("the migrated test database has one table per model, and nothing else", async () => {
    const rows = await db().$queryRaw<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;
    const tables = rows
      .map((r) => r.table_name)
      .filter((t) => t !== "_prisma_migrations")
      .sort();
    const schema = readFileSync(SCHEMA, "utf8");
    const models = [...schema.matchAll(/^model\s+(\w+)\s*\{/gm)].map((m) => m[1]);
    expect(mappedTables(schema)).toHaveLength(models.length); // every model names its table
    expect(tables).toEqual(mappedTables(schema));
  });
});

describe("the schema engine's wasm build", () => {
  it("is the build of the Prisma CLI's own engine commit (bump them together)", () => {
    const wasm = JSON.parse(readFileSync("node_modules/@prisma/schema-engine-wasm/package.json", "utf8")).version;
    const cli = JSON.parse(readFileSync("node_modules/@prisma/engines-version/package.json", "utf8")).prisma
      .enginesVersion;
    const prisma = JSON.parse(readFileSync("node_modules/prisma/package.json", "utf8")).version;
    // e.g. 7.10.0-4.0edf323efd1d98336f3f0a68684b56f689b900d3 for prisma 7.10.0 with engines 0edf323…
    expect(wasm).toMatch(new RegExp(`^${prisma.replace(/\./g, "\\.")}-\\d+\\.${cli}$`));
  });
});
