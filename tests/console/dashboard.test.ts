// The seller console's dashboard figures on the hand-made portfolio of _portfolio.ts: every
// literal below is computed by hand there; each figure's filter, given to the lists, returns its rows.
import { beforeAll, describe, expect, it } from "vitest";
import { listContractsForConsole } from "@/server/domain/consoleLists/contractList";
import { listRunsForConsole } from "@/server/domain/consoleLists/runList";
import {
  activeContracts,
  billedAndCollected,
  billingOutcomesPerDay,
  churnedContracts,
  newContracts,
  renewalsDue,
  runsNeedingAttention,
} from "@/server/domain/dashboard/figures";
import { currentMrr, mrrByMonth, mrrInstants } from "@/server/domain/dashboard/summary";
import { ctxFor } from "@/tests/helpers";
import { NOW, type Portfolio, seedPortfolio } from "./_portfolio";

let p: Portfolio;
const ctx = () => ctxFor(p.accountId, NOW);
beforeAll(async () => {
  p = await seedPortfolio();
});

const contractsOf = async (filter: object) =>
  (await listContractsForConsole(ctx(), { page: 1, pageSize: 100, filters: filter as never })).results
    .map((r) => r.id)
    .sort((a, b) => a - b);
const runsOf = async (filter: object) =>
  (await listRunsForConsole(ctx(), { page: 1, pageSize: 100, filters: filter as never })).results
    .map((r) => r.id)
    .sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe("MRR", () => {
  it("normalises live recurring items to a month, discounts applied, tax excluded, per currency", async () => {
    // EUR: 18 + 10 (c1) + 13 + 10 (c2) + 10 + 8 + 7 (c4); canceled, paused, draft, ended items and one-time prices excluded
    expect(await currentMrr(ctx())).toEqual([
      { currency: "EUR", mrr: "76.0000", filter: { state: "active", currency: "EUR" } },
      { currency: "USD", mrr: "20.0000", filter: { state: "active", currency: "USD" } },
    ]);
  });

  it("is the sum of the contracts its filter lists (each contract's own MRR by hand)", async () => {
    expect(await contractsOf({ state: "active", currency: "EUR" })).toEqual(sorted([p.c.c1, p.c.c2, p.c.c4, p.c.c7]));
  });

  it("by month for the last 12 months: month closes, then now", async () => {
    expect(mrrInstants(NOW).map((d) => d.toISOString())).toEqual([
      "2025-07-31T23:59:59.999Z",
      "2025-08-31T23:59:59.999Z",
      "2025-09-30T23:59:59.999Z",
      "2025-10-31T23:59:59.999Z",
      "2025-11-30T23:59:59.999Z",
      "2025-12-31T23:59:59.999Z",
      "2026-01-31T23:59:59.999Z",
      "2026-02-28T23:59:59.999Z",
      "2026-03-31T23:59:59.999Z",
      "2026-04-30T23:59:59.999Z",
      "2026-05-31T23:59:59.999Z",
      NOW.toISOString(),
    ]);
    const [eur, usd] = await mrrByMonth(ctx());
    // Jan: c1 28 + c9 10; Feb: + c3 10; Mar: + c4 (10 + 8 + 5 before the version change); Apr: + c5 10 + c7 10, c3 ended;
    // May: + c2 23 (and c5, c7, c9 still live); Jun (now): c5 paused, c7's item and c9 ended, c4's versioned price at 7
    expect(eur.months.map((m) => m.mrr)).toEqual([
      "0.0000",
      "0.0000",
      "0.0000",
      "0.0000",
      "0.0000",
      "0.0000",
      "38.0000",
      "48.0000",
      "71.0000",
      "81.0000",
      "104.0000",
      "76.0000",
    ]);
    expect(eur.months.map((m) => m.month)).toEqual([
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
    ]);
    expect(usd.months.map((m) => m.mrr)).toEqual([...Array(11).fill("0.0000"), "20.0000"]);
  });

  it("never counts another account's contracts", async () => {
    expect((await currentMrr(ctxFor(p.otherAccountId, NOW))).map((m) => m.mrr)).toEqual(["1000.0000"]);
  });
});

describe("contract figures", () => {
  it("active contracts per currency", async () => {
    const figures = await activeContracts(ctx());
    expect(figures.map(({ currency, count }) => ({ currency, count }))).toEqual([
      { currency: "EUR", count: 4 },
      { currency: "USD", count: 1 },
    ]);
    expect(await contractsOf(figures[0].filter)).toHaveLength(4);
  });

  it("new contracts in the last 30 days (drafts aside), and the list behind them", async () => {
    const figures = await newContracts(ctx());
    expect(figures.map(({ currency, count }) => ({ currency, count }))).toEqual([
      { currency: "EUR", count: 1 },
      { currency: "USD", count: 1 },
    ]);
    expect(await contractsOf(figures[0].filter)).toEqual([p.c.c2]);
    expect(await contractsOf(figures[1].filter)).toEqual([p.c.c8]);
  });

  it("churned contracts in the last 30 days (c9 ended Jun 1; c3 in April is older)", async () => {
    const figures = await churnedContracts(ctx());
    expect(figures.map(({ currency, count }) => ({ currency, count }))).toEqual([{ currency: "EUR", count: 1 }]);
    expect(await contractsOf(figures[0].filter)).toEqual([p.c.c9]);
  });

  it("renewals due in the next 7 days with their amounts: c1 18.0000 + c4 (12 incl. + 8 + 0.80 tax + 7) 27.8000", async () => {
    const figures = await renewalsDue(ctx());
    expect(figures.map(({ currency, count, amount }) => ({ currency, count, amount }))).toEqual([
      { currency: "EUR", count: 2, amount: "45.8000" },
    ]);
    const rows = (
      await listContractsForConsole(ctx(), {
        page: 1,
        pageSize: 10,
        filters: figures[0].filter as never,
        sort: "next_billing_asc",
      })
    ).results;
    expect(rows.map((r) => [r.id, r.next_charge_amount])).toEqual([
      [p.c.c4, "27.8000"],
      [p.c.c1, "18.0000"],
    ]);
  });
  it("reuses the renewals figure for a minute of the account's clock when the account is large, never for a small one", async () => {
    // a small account (under 20,000 contracts renewing) gets it computed each time (calls overlapping share one)
    const small = renewalsDue(ctx());
    expect(renewalsDue(ctx())).toBe(small);
    await small;
    expect(renewalsDue(ctx())).not.toBe(small);
    // as if the account were large: the same answer within the minute, computed again after it
    const first = renewalsDue(ctx(), 1);
    expect(renewalsDue(ctx(), 1)).toBe(first);
    expect(renewalsDue(ctxFor(p.accountId, new Date(NOW.getTime() + 59_000)), 1)).toBe(first);
    const later = ctxFor(p.accountId, new Date(NOW.getTime() + 61_000));
    const again = renewalsDue(later);
    expect(again).not.toBe(first);
    expect((await again).map((r) => r.amount)).toEqual((await first).map((r) => r.amount));
    // a clock moved back (a test clock) does not read a figure kept for a later instant
    expect(renewalsDue(ctx())).not.toBe(again);
  });
});

describe("billing figures", () => {
  it("billed (runs scheduled in the last 30 days, canceled aside) and collected (payments succeeded in them)", async () => {
    const { billed, collected } = await billedAndCollected(ctx());
    expect(billed.map(({ currency, count, amount }) => ({ currency, count, amount }))).toEqual([
      { currency: "EUR", count: 3, amount: "51.0000" },
      { currency: "USD", count: 1, amount: "20.0000" },
    ]);
    expect(collected.map(({ currency, count, amount }) => ({ currency, count, amount }))).toEqual([
      { currency: "EUR", count: 1, amount: "28.0000" },
      { currency: "USD", count: 1, amount: "20.0000" },
    ]);
    expect(await runsOf(billed[0].filter)).toEqual(sorted([p.runs.r1, p.runs.r2, p.runs.r4]));
    expect(await runsOf(collected[0].filter)).toEqual([p.runs.r1]);
    // either end of the paid window may be open (from the epoch, to the end of time)
    const { paid_from, paid_to, ...rest } = collected[0].filter as Record<string, unknown>;
    expect(await runsOf({ ...rest, paid_from })).toEqual([p.runs.r1]);
    expect(await runsOf({ ...rest, paid_to })).toEqual([p.runs.r1]);
  });

  it("runs needing attention: failed, exhausted, pending external", async () => {
    const figures = await runsNeedingAttention(ctx());
    expect(figures.map(({ currency, state, count }) => ({ currency, state, count }))).toEqual([
      { currency: "EUR", state: "exhausted", count: 1 },
      { currency: "EUR", state: "failed", count: 1 },
      { currency: "EUR", state: "pending_external", count: 1 },
    ]);
    expect(await runsOf(figures[0].filter)).toEqual([p.runs.r3]);
    expect(await runsOf(figures[2].filter)).toEqual([p.runs.r4]);
  });

  it("billing outcomes per day for the last 30 days", async () => {
    const days = await billingOutcomesPerDay(ctx());
    expect(days).toHaveLength(30);
    expect(days[0].day).toBe("2026-05-17");
    expect(days.at(-1)!.day).toBe("2026-06-15");
    expect(days.filter((d) => d.succeeded + d.failed + d.pending > 0)).toEqual([
      { day: "2026-06-01", succeeded: 1, failed: 0, pending: 0 },
      { day: "2026-06-10", succeeded: 0, failed: 1, pending: 0 },
      { day: "2026-06-14", succeeded: 1, failed: 0, pending: 1 },
    ]);
  });
});
