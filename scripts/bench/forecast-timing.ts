// Times the account forecast (server/domain/billing/forecast.ts: the 12-month billed amount per currency
// from every live contract's projected runs) three times: cold (nothing memoized in this process), again
// (per-shape results memoized), and cold with every contract a shape of its own. Target: 100,000
// contracts under 10 s, the size of account the dashboard's forecast page must still answer.
import pg from "pg";
import { systemClock } from "@/server/clock";
import { config } from "@/server/config";
import { getDb } from "@/server/db";
import { forecastAccount } from "@/server/domain/billing/forecast";

export async function timeForecast(accountId: number) {
  const ctx = { db: getDb(), accountId, clock: systemClock };
  const time = async (label: string) => {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const f = await forecastAccount(ctx);
    const ms = performance.now() - t0;
    // this process's CPU time: on a shared machine the wall clock also counts the time others had the cores
    const cpu = process.cpuUsage(cpu0);
    const runs = f.currencies.reduce((a, x) => a + x.months.reduce((b, m) => b + m.runs, 0), 0);
    console.log(
      `forecast (${label}): ${f.contracts} live contracts, ${runs} projected runs, ${f.months.length} months, ${(ms / 1000).toFixed(2)} s (this process's CPU: ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s)${ms >= 10_000 ? "  (over the 10 s target)" : ""}`,
    );
  };
  await time("cold");
  await time("again");
  // The seed repeats contract shapes (same prices, dates and anchors), which the forecast computes once
  // each; real contracts are created at distinct instants. Moving every anchor by its contract's id in
  // milliseconds makes each contract a shape of its own without changing a single run (the anchor's day
  // and time of day stay), so this is the worst case: one projection per contract.
  // NOTE: the shift is one UPDATE over the whole account (a million rows at bench:admin's largest size),
  // which runs past the request's statement limit (DB_STATEMENT_TIMEOUT_MS) of getDb's connections. It runs
  // on a connection of its own without a limit, and so does the shift back.
  const own = new pg.Client({ connectionString: config().DATABASE_URL });
  await own.connect();
  try {
    await own.query("set statement_timeout = 0");
    // each shift rewrites every row: vacuumed after it, the table is read as an account's table is (not twice
    // its size with a dead version of every contract), and the shift back leaves it as it was
    const shift = async (sign: "+" | "-") => {
      await own.query(
        `update subscription_contracts set billing_anchor_at = billing_anchor_at ${sign} (id % 997) * interval '1 millisecond' where account_id = $1`,
        [accountId],
      );
      await own.query("vacuum subscription_contracts");
    };
    await shift("+");
    try {
      await time("cold, every contract its own shape");
    } finally {
      await shift("-");
    }
  } finally {
    await own.end();
  }
}
