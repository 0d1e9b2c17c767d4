// Times the account forecast (server/domain/billing/forecast.ts: the 12-month billed amount per currency
// from every live contract's projected runs) twice: cold (nothing memoized in this process) and again
// (per-contract results memoized). Target (issue 17): 100,000 contracts under 10 s.
import { systemClock } from "@/server/clock";
import { getDb } from "@/server/db";
import { forecastAccount } from "@/server/domain/billing/forecast";

export async function timeForecast(accountId: number) {
  const ctx = { db: getDb(), accountId, clock: systemClock };
  for (const label of ["cold", "again"]) {
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
  }
}
