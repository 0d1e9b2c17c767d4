// Migrations expand, then contract (docs/deployment.md "Deploys"): during a deploy the previous release keeps
// running against the migrated schema, so a migration may add but not take away what that release uses. The
// committed migrations are applied one by one to an empty database; after each (n), the schema of n-1 is
// compared with n's, and the previous release's statements for every table n touched (a SELECT of every
// column it knew, an INSERT naming them) are prepared against n's schema, so PostgreSQL itself says whether
// they still resolve. Refused: a table or column dropped or renamed, a column's type changed (widening
// varchar to text excepted), a NOT NULL column added without a default (the previous release's INSERTs do
// not name it), a nullable column made NOT NULL without a default. A contract step (dropping what the
// release before the previous one stopped using) is allowed only when listed in CONTRACT_STEPS below.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const DIR = "prisma/migrations";
const migrations = readdirSync(DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/**
 * Past contract steps: "<migration>: <table>.<column or *>" → why the previous release did not need it.
 * A new entry needs a migration of its own that removes only what a release already deployed stopped using.
 */
const CONTRACT_STEPS: Record<string, string> = {};

interface Column {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}
type Schema = Map<string, Map<string, Column>>;

const admin = process.env.TEST_PG_ADMIN_URL!;
const name = `expand_${randomBytes(5).toString("hex")}`;
let client: pg.Client;

beforeAll(async () => {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database "${name}"`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`drop database if exists "${name}" with (force)`);
  await c.end();
});

/** Every ordinary and partitioned table's columns outside PostgreSQL's own schemas (partitions left out). */
async function schemaOf(): Promise<Schema> {
  const { rows } = await client.query<{
    table: string;
    column: string;
    type: string;
    nullable: boolean;
    has_default: boolean;
  }>(`
    select c.table_schema || '.' || c.table_name as table, c.column_name as column,
           format_type(a.atttypid, a.atttypmod) as type, c.is_nullable = 'YES' as nullable,
           (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as has_default
      from information_schema.columns c
      join pg_class k on k.relname = c.table_name
      join pg_namespace n on n.oid = k.relnamespace and n.nspname = c.table_schema
      join pg_attribute a on a.attrelid = k.oid and a.attname = c.column_name
     where c.table_schema not in ('pg_catalog', 'information_schema')
       and k.relkind in ('r', 'p') and not k.relispartition`);
  const schema: Schema = new Map();
  for (const r of rows) {
    if (!schema.has(r.table)) schema.set(r.table, new Map());
    schema.get(r.table)!.set(r.column, {
      table: r.table,
      column: r.column,
      type: r.type,
      nullable: r.nullable,
      hasDefault: r.has_default,
    });
  }
  return schema;
}

const quoted = (table: string) =>
  table
    .split(".")
    .map((p) => `"${p}"`)
    .join(".");
const widening = (from: string, to: string) => from === to || (/^character varying/.test(from) && to === "text");

/** What breaks the previous release (schema `before`) when it runs against `after`, as readable lines. */
function breaks(migration: string, before: Schema, after: Schema): string[] {
  const found: string[] = [];
  const allowed = (table: string, column: string) =>
    `${migration}: ${table}.${column}` in CONTRACT_STEPS || `${migration}: ${table}.*` in CONTRACT_STEPS;
  for (const [table, columns] of before) {
    const now = after.get(table);
    if (!now) {
      if (!allowed(table, "*")) found.push(`${table}: dropped or renamed`);
      continue;
    }
    for (const [column, was] of columns) {
      const is = now.get(column);
      if (!is) {
        if (!allowed(table, column)) found.push(`${table}.${column}: dropped or renamed`);
      } else if (!widening(was.type, is.type) && !allowed(table, column))
        found.push(`${table}.${column}: type ${was.type} → ${is.type}`);
      else if (was.nullable && !is.nullable && !is.hasDefault && !allowed(table, column))
        found.push(`${table}.${column}: made NOT NULL without a default`);
    }
    for (const [column, is] of now)
      if (!columns.has(column) && !is.nullable && !is.hasDefault && !allowed(table, column))
        found.push(`${table}.${column}: added NOT NULL without a default (old INSERTs do not name it)`);
  }
  return found;
}

/** The previous release's statements on `table` (its columns per `before`), prepared against the current schema. */
async function previousStatements(table: string, columns: string[]): Promise<string[]> {
  const list = columns.map((c) => `"${c}"`).join(", ");
  const statements = [
    `select ${list} from ${quoted(table)} limit 0`,
    `insert into ${quoted(table)} (${list}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
  ];
  const failed: string[] = [];
  for (const text of statements) {
    // PREPARE parses and plans without running: an unknown table, column or type fails here
    const stmt = `prev_${randomBytes(4).toString("hex")}`;
    await client.query("savepoint prev");
    try {
      await client.query(`prepare ${stmt} as ${text}`);
      await client.query(`deallocate ${stmt}`);
      await client.query("release savepoint prev");
    } catch (e) {
      await client.query("rollback to savepoint prev");
      failed.push(`${table}: ${text.slice(0, 60)}…: ${(e as Error).message}`);
    }
  }
  return failed;
}

/** The tables a migration's SQL names (created, altered, indexed, written). */
const touched = (sql: string, schema: Schema) =>
  [...schema.keys()].filter((t) => {
    const bare = t.replace(/^public\./, "");
    return new RegExp(`(?:"${bare.replace(".", '"\\."')}"|\\b${bare.replace(".", "\\.")}\\b)`).test(sql);
  });

describe("migrations expand, then contract", () => {
  it("each migration keeps the previous release's tables, columns and statements working", async () => {
    expect(migrations.length).toBeGreaterThan(1);
    let before: Schema | null = null;
    let compared = 0;
    const problems: string[] = [];
    for (const migration of migrations) {
      const sql = readFileSync(path.join(DIR, migration, "migration.sql"), "utf8");
      await client.query(sql);
      const after = await schemaOf();
      if (before) {
        problems.push(...breaks(migration, before, after).map((p) => `${migration}: ${p}`));
        await client.query("begin");
        const tables = touched(sql, before);
        compared++;
        for (const table of tables) {
          const columns = [...before.get(table)!.keys()].filter((c) => after.get(table)?.has(c));
          if (after.has(table) && columns.length)
            problems.push(...(await previousStatements(table, columns)).map((p) => `${migration}: ${p}`));
        }
        await client.query("rollback");
      }
      before = after;
    }
    expect(problems).toEqual([]);
    // every migration, the newest included, was compared with the schema before it (one that only creates
    // tables touches nothing the previous release uses)
    expect(compared).toBe(migrations.length - 1);
  }, 60_000);

  it("the check notices a contract step: a dropped column, a NOT NULL column without a default, a type change", () => {
    const col = (table: string, column: string, type = "text", nullable = true, hasDefault = false): Column => ({
      table,
      column,
      type,
      nullable,
      hasDefault,
    });
    const schema = (...cols: Column[]): Schema => {
      const s: Schema = new Map();
      for (const c of cols) s.set(c.table, (s.get(c.table) ?? new Map()).set(c.column, c));
      return s;
    };
    const before = schema(
      col("public.t", "id", "integer", false, true),
      col("public.t", "name", "character varying(20)"),
    );
    expect(breaks("m", before, schema(col("public.t", "id", "integer", false, true)))).toEqual([
      "public.t.name: dropped or renamed",
    ]);
    const widened = schema(col("public.t", "id", "integer", false, true), col("public.t", "name", "text"));
    expect(breaks("m", before, widened)).toEqual([]);
    expect(breaks("m", before, schema(col("public.t", "id", "bigint", false, true), col("public.t", "name")))).toEqual([
      "public.t.id: type integer → bigint",
    ]);
    const added = new Map(widened).set(
      "public.t",
      new Map(widened.get("public.t")!).set("x", col("public.t", "x", "text", false)),
    );
    expect(breaks("m", before, added)).toEqual([
      "public.t.x: added NOT NULL without a default (old INSERTs do not name it)",
    ]);
    expect(breaks("m", before, new Map())).toEqual(["public.t: dropped or renamed"]);
  });

  it("and on a live schema: a dropped column breaks the previous release's prepared statements", async () => {
    await client.query("begin");
    try {
      await client.query("create table expand_probe (a integer not null, b text)");
      const before = await schemaOf();
      await client.query("alter table expand_probe drop column b, add column c text not null");
      const after = await schemaOf();
      expect(breaks("m", before, after)).toEqual([
        "public.expand_probe.b: dropped or renamed",
        "public.expand_probe.c: added NOT NULL without a default (old INSERTs do not name it)",
      ]);
      const failed = await previousStatements("public.expand_probe", ["a", "b"]);
      expect(failed).toHaveLength(2);
      expect(failed[0]).toMatch(/column "b" does not exist/);
      expect(await previousStatements("public.expand_probe", ["a"])).toEqual([]);
    } finally {
      await client.query("rollback");
    }
  });
});
