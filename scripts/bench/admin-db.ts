// The database the console benchmarks share (bench:admin, bench:forecast): bench_admin on DATABASE_URL's
// server or the embedded one, seeded with BENCH_CONTRACTS (default 100,000) contracts by admin-seed.ts,
// or, with BENCH_REUSE=1, the one an earlier run seeded (pending migrations applied).
import pg from "pg";
// @ts-expect-error plain ESM helpers
import { provideDatabase } from "@/scripts/lib/database.mjs";
// @ts-expect-error plain ESM helpers
import { mustRun } from "@/scripts/lib/run.mjs";
import { seedAdminVolume, seededEarlier } from "./admin-seed";

export async function benchDatabase() {
  const contracts = Number(process.env.BENCH_CONTRACTS ?? 100_000);
  const server = await provideDatabase({ dbName: "postgres" });
  const urlOf = (db: string) => {
    const u = new URL(server.url);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const url = urlOf("bench_admin");
  const admin = new pg.Client({ connectionString: urlOf("postgres") });
  await admin.connect();
  const reuse =
    process.env.BENCH_REUSE === "1" &&
    (await admin.query(`select 1 from pg_database where datname = 'bench_admin'`)).rowCount === 1;
  if (!reuse) {
    await admin.query(`drop database if exists bench_admin with (force)`);
    await admin.query(`create database bench_admin`);
  }
  await admin.end();
  await mustRun("node_modules/.bin/prisma", ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    quiet: true,
  });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = performance.now();
  const seeded = reuse ? await seededEarlier(c) : await seedAdminVolume(c, contracts);
  console.log(
    `${reuse ? "reused" : "seeded"} ${seeded.contracts} contracts, ${seeded.items} items, ${seeded.runs} runs and attempts in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await c.end();
  return { url, seeded, server: server as { stop: () => Promise<void> } };
}
