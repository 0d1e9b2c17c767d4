// One rule for the forecast's price_changes and the price simulation, so they cannot disagree: a price change is a
// change of amount. Clock 2026-01-15; monthly contracts from Jan 10 on Streaming Basic (9.90): a plain one,
// one with a 10 % discount, one with a fixed 5.00 unit_amount_override; and one on Sports monthly (5.00).
// By hand: Basic 9.90 → 11.00 from Jan 25 is first paid by the runs of Feb 10, by the plain and the
// discounted contract only (the override pays 5.00 before and after, though its line's version changes);
// a Sports version repeating 5.00 from Jan 25 changes no amount at all.
import { afterEach, expect, it } from "vitest";
import { schedulePriceVersion } from "@/server/domain/catalog/prices";
import { ctxFor } from "@/tests/helpers";
import { at, createContract, newWorld, ok, type World } from "./_world";

afterEach(() => at(null));

const T0 = "2026-01-10T00:00:00.000Z";
const NOW = "2026-01-15T00:00:00.000Z";
const EFFECTIVE = "2026-01-25T00:00:00.000Z";

/** The forecast's price changes of EUR: [contract, month], every month of the next 13. */
async function forecastChanges(w: World): Promise<[number, string][]> {
  const f = ok(await w.get("/v2/forecast/?months=13"));
  const eur = f.currencies.find((x: any) => x.currency === "EUR");
  return eur.months
    .flatMap((m: any) => m.price_changes.contract_ids.map((id: number) => [id, m.month]))
    .sort((a: [number, string], b: [number, string]) => a[0] - b[0]);
}

/** The simulation's affected contracts: [contract, month of the first run at the new amount]. */
async function simulated(w: World, priceId: number, unit: string): Promise<[number, string][]> {
  const sim = ok(
    await w.post(`/v2/catalog/prices/${priceId}/versions/simulate/`, { unit_amount: unit, effective_from: EFFECTIVE }),
  );
  expect(sim.affected_contracts).toBe(sim.contracts.length);
  return sim.contracts
    .map((c: any) => [c.contract_id, c.first_new_amount_at.slice(0, 7)])
    .sort((a: [number, string], b: [number, string]) => a[0] - b[0]);
}

it("the forecast lists as price changes exactly the contracts the simulation finds paying a new amount", async () => {
  const w = await newWorld();
  at(T0);
  const open = async (item: Record<string, unknown>) => (await createContract(w, { items: [item] })).id as number;
  const plain = await open({ price: w.ids.basicMonthly });
  const discounted = await open({ price: w.ids.basicMonthly, discount_percent: "10" });
  const override = await open({ price: w.ids.basicMonthly, unit_amount_override: "5.0000" });
  const sports = await open({ price: w.ids.sportsMonthly });
  at(NOW);
  const expected: [number, string][] = [
    [plain, "2026-02"],
    [discounted, "2026-02"],
  ];
  expect(await simulated(w, w.ids.basicMonthly, "11.0000")).toEqual(expected);
  expect(await simulated(w, w.ids.sportsMonthly, "5.0000")).toEqual([]);
  // the same versions scheduled: the forecast agrees, contract by contract and month by month
  const ctx = ctxFor(w.accountId, NOW);
  await schedulePriceVersion(ctx, w.ids.basicMonthly, { unit_amount: "11.0000", effective_from: EFFECTIVE });
  await schedulePriceVersion(ctx, w.ids.sportsMonthly, { unit_amount: "5.0000", effective_from: EFFECTIVE });
  const changes = await forecastChanges(w);
  expect(changes).toEqual(expected);
  expect(changes.map(([id]) => id)).not.toContain(override);
  expect(changes.map(([id]) => id)).not.toContain(sports);
}, 60_000);
