// A forecast cell explained (console forecast.month): the runs listed for a month and currency add up to
// the forecast's cell, each with its lines' explanations; months outside the window are a 400.
import { afterEach, expect, it } from "vitest";
import { forecastAccount } from "@/server/domain/billing/forecast";
import { forecastMonth } from "@/server/domain/billing/forecastMonth";
import { ctxFor } from "@/tests/helpers";
import { at, createContract, newWorld } from "./_world";

afterEach(() => at(null));

const T0 = "2026-01-10T00:00:00.000Z";

it("the runs of a forecast cell add up to the cell", async () => {
  const w = await newWorld();
  at(T0);
  const monthly = (await createContract(w, { items: [{ price: w.ids.basicMonthly }] })).id;
  const yearly = (await createContract(w, { items: [{ price: w.ids.basicYearly }] })).id;
  const ctx = ctxFor(w.accountId, T0);
  const forecast = await forecastAccount(ctx, { months: 13 });
  const eur = forecast.currencies.find((c) => c.currency === "EUR")!.months;
  for (const month of ["2026-01", "2026-02", "2027-01"]) {
    const cell = await forecastMonth(ctx, { month, currency: "EUR" });
    const expected = eur.find((m) => m.month === month)!;
    expect([cell.billed_amount, cell.runs_count], month).toEqual([expected.billed_amount, expected.runs]);
  }
  const jan = await forecastMonth(ctx, { month: "2027-01", currency: "EUR" });
  expect(jan.runs.map((r) => [r.contract_id, r.scheduled_at, r.total_amount])).toEqual(
    [
      [yearly, "2027-01-10T00:00:00.000Z", "122.7600"],
      [monthly, "2027-01-10T00:00:00.000Z", "12.2760"],
    ].sort((a, b) => Number(a[0]) - Number(b[0])),
  );
  expect(jan.runs[0].lines[0].description).toMatch(/= \d+\.\d{4}; tax 24% exclusive/);
  await expect(forecastMonth(ctx, { month: "2025-12", currency: "EUR" })).rejects.toMatchObject({ kind: "validation" });
  await expect(forecastMonth(ctx, { month: "2028-01", currency: "EUR" })).rejects.toMatchObject({ kind: "validation" });
  await expect(forecastMonth(ctx, { month: "soon", currency: "EUR" })).rejects.toMatchObject({ kind: "validation" });
}, 120_000);
