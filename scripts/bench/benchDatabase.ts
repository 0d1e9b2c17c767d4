// The database a console bench runs on: `name` on DATABASE_URL's server (or the embedded one), migrated
// and filled by admin-seed's bulk SQL; with `reuse`, one seeded earlier is kept (pending migrations
// applied). Afterwards DATABASE_URL names it, so the app modules the bench imports next use it.
import pg from "pg";
// @ts-expect-error plain ESM helpers
import { provideDatabase } from "@/scripts/lib/database.mjs";
// @ts-expect-error plain ESM helpers
import { mustRun } from "@/scripts/lib/run.mjs";
import { seedAdminVolume, seededEarlier } from "./admin-seed";

export async function seedBenchDatabase(name: string, contracts: number, { reuse = false } = {}) {
  const server = await provideDatabase({ dbName: "postgres" });
  const urlOf = (db: string) => {
    const u = new URL(server.url);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const url = urlOf(name);
  const admin = new pg.Client({ connectionString: urlOf("postgres") });
  await admin.connect();
  const reused = reuse && (await admin.query(`select 1 from pg_database where datname = $1`, [name])).rowCount === 1;
  if (!reused) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  await mustRun("node_modules/.bin/prisma", ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    quiet: true,
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const seeded = reused ? await seededEarlier(client) : await seedAdminVolume(client, contracts);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  await client.end();
  process.env.DATABASE_URL = url;
  process.env.LOG_LEVEL ??= "warn";
  return { server: server as { stop: () => Promise<void> }, reused, seeded, seconds };
}
