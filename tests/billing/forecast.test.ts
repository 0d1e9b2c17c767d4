// Account forecast (GET /v2/forecast/, extension) of a seeded portfolio against a hand-computed table.
// Clock 2026-01-10: the forecast covers Jan 2026 … Jan 2027 (months=13). Amounts (VAT 24 % exclusive):
//   monthly Basic 9.90 → 12.2760 from Feb 10; Sports 5.00 → 6.2000, and 6.00 → 7.4400 from the run of
//   Jul 10 (the version of Jun 15 applies to periods starting on/after it); yearly Basic 99.00 → 122.7600
//   on 2027-01-10; USD Basic 10.90 → 13.5160 monthly; a contract canceled at period end ends on Feb 10.
import { afterEach, expect, it } from "vitest";
import { schedulePriceVersion } from "@/server/domain/catalog/prices";
import { ctxFor } from "@/tests/helpers";
import { at, createContract, newWorld, ok } from "./_world";

afterEach(() => at(null));

const T0 = "2026-01-10T00:00:00.000Z";

it("the forecast of a seeded portfolio matches the hand-computed table", async () => {
  const w = await newWorld();
  at(T0);
  await schedulePriceVersion(ctxFor(w.accountId, T0), w.ids.sportsMonthly, {
    unit_amount: "6.0000",
    effective_from: "2026-06-15T00:00:00.000Z",
  });
  const open = async (price: number) => (await createContract(w, { items: [{ price }] })).id as number;
  await open(w.ids.basicMonthly);
  const yearly = await open(w.ids.basicYearly);
  const sports = await open(w.ids.sportsMonthly);
  await open(w.ids.basicUsd);
  const canceled = await open(w.ids.basicMonthly);
  ok(await w.post(`/v2/subscription-contracts/${canceled}/cancel/`, { cancel_at_period_end: true }));

  const f = ok(await w.get("/v2/forecast/?months=13"));
  expect(f).toMatchObject({ from: "2026-01-01T00:00:00.000Z", until: "2027-01-31T23:59:59.999Z", contracts: 5 });
  const months = Array.from({ length: 12 }, (_, k) => `2026-${String(k + 1).padStart(2, "0")}`);
  expect(f.months).toEqual([...months, "2027-01"]);
  const eur = f.currencies.find((x: any) => x.currency === "EUR").months;
  const usdMonths = f.currencies.find((x: any) => x.currency === "USD").months;
  // month → billed EUR: Feb–Jul 12.2760 + 6.2000 (Jun 10 still bills 5.00), Jul–Dec 12.2760 + 7.4400
  const expected = ["0.0000", ...Array(5).fill("18.4760"), ...Array(6).fill("19.7160"), "142.4760"];
  expect(eur.map((m: any) => m.billed_amount)).toEqual(expected);
  expect(eur.map((m: any) => m.runs)).toEqual([0, ...Array(11).fill(2), 3]);
  expect(usdMonths.map((m: any) => m.billed_amount)).toEqual(["0.0000", ...Array(12).fill("13.5160")]);
  const listed = (kind: string) =>
    eur.flatMap((m: any) => (m[kind].count ? [[m.month, m[kind].count, m[kind].contract_ids]] : []));
  expect(listed("ending")).toEqual([["2026-02", 1, [canceled]]]);
  expect(listed("renewing")).toEqual([["2027-01", 1, [yearly]]]);
  expect(listed("price_changes")).toEqual([["2026-07", 1, [sports]]]);
  // each cell is the sum of the contracts' upcoming runs in that month
  const upcoming = ok(await w.get(`/v2/subscription-contracts/${sports}/upcoming/?until=2026-12-31`));
  expect(upcoming.results.map((r: any) => r.total_amount)).toEqual([
    ...Array(5).fill("6.2000"),
    ...Array(6).fill("7.4400"),
  ]);
  expect((await w.get("/v2/forecast/?months=25")).status).toBe(400);
}, 120_000);
