// Price-change simulation (POST /v2/catalog/prices/{id}/versions/simulate/, extension) against what the
// test clock later bills. Clock 2026-01-15; contracts on Streaming Basic monthly (9.90, VAT 24 % exclusive)
// from Jan 10 (monthly, 2 × with 10 % discount, cancel at period end, a fixed 5.00 override) and Jan 15
// (monthly); a yearly one on Basic yearly (99.00) from Jan 10. Versions effective Jan 25 (in 10 days) apply
// to periods starting on or after it, so each contract's next run is the first at the new amount:
//   monthly  9.90 → 11.00: 12.2760 → 13.6400 on Feb 10 (Feb 15 for the later one)
//   discount 2 × 9.90 × 0.9 = 17.8200 + 4.2768 = 22.0968 → 2 × 11.00 × 0.9 = 19.8000 + 4.7520 = 24.5520
//   yearly   99.00 → 120.00: 122.7600 → 148.8000 on 2027-01-10
// Next 12 months (to 2027-01-15, 12 runs each): 12 × 1.3640 × 2 + 12 × 2.4552 = 62.1984.
// MRR at Jan 25 (tax excluded, discount applied; the canceling contract is still live then): (1 + 1 + 1.8 + 1) × 1.10 = 5.2800.
import { afterEach, expect, it } from "vitest";
import { schedulePriceVersion } from "@/server/domain/catalog/prices";
import { mrrAt } from "@/server/domain/dashboard/mrr";
import { ctxFor, db } from "@/tests/helpers";
import { advance, at, createContract, newWorld, ok, runsOf, type World } from "./_world";

afterEach(() => at(null));

const T0 = "2026-01-10T00:00:00.000Z";
const NOW = "2026-01-15T00:00:00.000Z";
const EFFECTIVE = "2026-01-25T00:00:00.000Z";
const YEAR_ON = "2027-01-15T00:00:00.000Z";

const simulate = (w: World, priceId: number, body: unknown) =>
  w.post(`/v2/catalog/prices/${priceId}/versions/simulate/`, body);

async function portfolio(w: World) {
  const open = async (items: Record<string, unknown>[]) => (await createContract(w, { items })).id as number;
  at(T0);
  const ids = {
    monthly: await open([{ price: w.ids.basicMonthly }]),
    discounted: await open([{ price: w.ids.basicMonthly, quantity: 2, discount_percent: "10" }]),
    canceling: await open([{ price: w.ids.basicMonthly }]),
    override: await open([{ price: w.ids.basicMonthly, unit_amount_override: "5.0000" }]),
    yearly: await open([{ price: w.ids.basicYearly }]),
  };
  ok(await w.post(`/v2/subscription-contracts/${ids.canceling}/cancel/`, { cancel_at_period_end: true }));
  at(NOW);
  const all = { ...ids, late: await open([{ price: w.ids.basicMonthly }]) };
  // items take the database's time as created_at (MRR counts an item from then): give them the test's time
  await db().$executeRaw`update contract_items i set created_at = c.created_at from subscription_contracts c
    where c.id = i.contract_id and c.account_id = ${w.accountId}`;
  return all;
}

/** What could be written: the account's versions (and their highest id), runs, contracts and catalog version. */
async function footprint(accountId: number) {
  const versions = await db().priceVersion.aggregate({
    where: { price: { accountId } },
    _count: true,
    _max: { id: true },
  });
  return {
    versions,
    runs: await db().billingRun.count({ where: { contract: { accountId } } }),
    contracts: await db().subscriptionContract.count({ where: { accountId } }),
    catalog: (await db().account.findUniqueOrThrow({ where: { id: accountId } })).catalogVersion,
  };
}

it("a simulated price change equals, contract by contract, what the test clock then bills", async () => {
  const w = await newWorld();
  const ids = await portfolio(w);
  const before = await footprint(w.accountId);
  const sim = ok(await simulate(w, w.ids.basicMonthly, { unit_amount: "11.00", effective_from: EFFECTIVE }));
  const yearSim = ok(await simulate(w, w.ids.basicYearly, { unit_amount: "120", effective_from: EFFECTIVE }));
  expect(await footprint(w.accountId)).toEqual(before);

  expect(sim).toMatchObject({
    price_id: w.ids.basicMonthly,
    currency: "EUR",
    unit_amount: "11.0000",
    effective_from: EFFECTIVE,
    current_unit_amount: "9.9000",
    contracts_on_price: 5,
    affected_contracts: 3,
    mrr: { at: EFFECTIVE, change: "5.2800" },
    next_12_months: { from: NOW, until: YEAR_ON, change: "62.1984" },
  });
  const row = (x: any) => [x.contract_id, x.first_new_amount_at, x.old_amount, x.new_amount, x.next_12_months_change];
  expect(sim.contracts.map(row)).toEqual([
    [ids.discounted, "2026-02-10T00:00:00.000Z", "22.0968", "24.5520", "29.4624"],
    [ids.monthly, "2026-02-10T00:00:00.000Z", "12.2760", "13.6400", "16.3680"],
    [ids.late, "2026-02-15T00:00:00.000Z", "12.2760", "13.6400", "16.3680"],
  ]);
  expect(sim.contracts[0].new_line_explanation).toContain("2 x 11.0000 EUR");
  const counts = Object.fromEntries(sim.distribution.map((b: any) => [b.label, b.contracts]));
  expect(counts).toMatchObject({ "no change": 2, "10% to 25%": 3, "0% to 5%": 0 });
  expect(yearSim.contracts.map(row)).toEqual([
    [ids.yearly, "2027-01-10T00:00:00.000Z", "122.7600", "148.8000", "26.0400"],
  ]);

  // the seller confirms: the dashboard's MRR moves as simulated, and the year bills as simulated
  const ctx = ctxFor(w.accountId, NOW);
  const mrr = async () => (await mrrAt(ctx, [new Date(EFFECTIVE)])).find((p) => p.currency === "EUR")!.mrr;
  const mrrBefore = await mrr();
  expect(mrrBefore.toFixed(4)).toBe(sim.mrr.before);
  await schedulePriceVersion(ctx, w.ids.basicMonthly, { unit_amount: "11.00", effective_from: EFFECTIVE });
  const afterMonthly = await mrr();
  expect(afterMonthly.toFixed(4)).toBe(sim.mrr.after);
  await schedulePriceVersion(ctx, w.ids.basicYearly, { unit_amount: "120", effective_from: EFFECTIVE });
  // (120.00 - 99.00) / 12
  expect(yearSim.mrr.change).toBe("1.7500");
  expect((await mrr()).minus(afterMonthly).toFixed(4)).toBe(yearSim.mrr.change);
  await advance(w, "2027-01-16T00:00:00.000Z");
  const billed = async (id: number) =>
    (await runsOf(w, id)).filter((r) => r.kind === "regular" && r.scheduled_at > NOW && r.scheduled_at <= YEAR_ON);
  for (const x of [...sim.contracts, ...yearSim.contracts]) {
    const runs = await billed(x.contract_id);
    expect(runs[0].scheduled_at).toBe(x.first_new_amount_at);
    expect(runs[0].total_amount).toBe(x.new_amount);
  }
  let total = 0;
  for (const id of [ids.monthly, ids.discounted, ids.canceling, ids.override, ids.late])
    for (const r of await billed(id)) total += Math.round(Number(r.total_amount) * 10_000);
  expect((total / 10_000).toFixed(4)).toBe(sim.next_12_months.billed_after);
}, 180_000);

it("bad input is a 400, another account's price a 404, and nothing is written", async () => {
  const w = await newWorld();
  at(NOW);
  const before = await footprint(w.accountId);
  const noAmount = await simulate(w, w.ids.basicMonthly, { unit_amount: "abc", effective_from: EFFECTIVE });
  expect(noAmount.status).toBe(400);
  expect(noAmount.body.unit_amount).toBeDefined();
  const past = await simulate(w, w.ids.basicMonthly, { unit_amount: "1", effective_from: "2026-01-01T00:00:00Z" });
  expect(past.status).toBe(400);
  expect(past.body.effective_from).toBeDefined();
  expect((await simulate(w, w.ids.basicMonthly, undefined)).status).toBe(400);
  const other = await newWorld();
  expect((await simulate(other, w.ids.basicMonthly, { unit_amount: "1", effective_from: EFFECTIVE })).status).toBe(404);
  expect((await simulate(w, 999_999_999, { unit_amount: "1", effective_from: EFFECTIVE })).status).toBe(404);
  expect(await footprint(w.accountId)).toEqual(before);
}, 120_000);
