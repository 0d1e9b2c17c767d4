// The SDK end to end: the quickstart guide's sample (docs/samples/quickstart.ts) runs catalog → quote →
// checkout → finalize → item change → test clock → billing run through the typed client.
import { expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { seed, useSeed } from "@/tests/helpers";
import { runSample } from "./_samples";

let _s: SeedResult;
useSeed(seed, (r) => (_s = r));

interface Quickstart {
  quote: { total_amount: string; currency: string };
  finalized: { status: string; contract_id: number | null; initial_billing_run_id: number | null };
  upgrade: { contract: { items: { price_id: number }[] } };
  clock: { test_clock_at: string };
  runs: { id: number; kind: string; state: string; total_amount: string }[];
}

it("quickstart: a contract from a checkout, upgraded, billed again on the test clock", async () => {
  const result = await runSample<Quickstart>("quickstart");
  expect(result.quote).toMatchObject({ total_amount: "12.2760", currency: "EUR" });
  expect(result.finalized.status).toBe("succeeded");
  expect(result.finalized.contract_id).toEqual(expect.any(Number));
  const initial = result.runs.find((run) => run.id === result.finalized.initial_billing_run_id);
  expect(initial).toMatchObject({ kind: "initial", state: "succeeded", total_amount: "12.2760" });
  const regular = result.runs.filter((run) => run.kind === "regular");
  expect(regular.length, JSON.stringify(result.runs)).toBeGreaterThanOrEqual(1);
  expect(regular[0].state).toBe("succeeded");
});
