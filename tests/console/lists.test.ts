// The console's contract and run lists (filters, search, sort, pagination) and detail data, on the
// portfolio of _portfolio.ts; the SQL service state agrees with the REST representation's.
import { beforeAll, describe, expect, it } from "vitest";
import { listContractsForConsole } from "@/server/domain/consoleLists/contractList";
import { listRunsForConsole, retrySchedule, runForConsole } from "@/server/domain/consoleLists/runList";
import { contractForConsole } from "@/server/domain/contractPage/detail";
import { getContract } from "@/server/domain/contracts/readAndPatch";
import { ctxFor } from "@/tests/helpers";
import { NOW, type Portfolio, seedPortfolio } from "./_portfolio";

let p: Portfolio;
const ctx = () => ctxFor(p.accountId, NOW);
beforeAll(async () => {
  p = await seedPortfolio();
});

const contracts = (input: Partial<Parameters<typeof listContractsForConsole>[1]>) =>
  listContractsForConsole(ctx(), { page: 1, pageSize: 100, ...input });
const ids = async (input: Partial<Parameters<typeof listContractsForConsole>[1]>) =>
  (await contracts(input)).results.map((r) => r.id);

describe("contracts list", () => {
  it("lists the account's contracts newest first (then by id), with a total count", async () => {
    const all = await contracts({});
    expect(all.count).toBe(9);
    expect(all.results.map((r) => r.id)).toEqual([
      p.c.c8,
      p.c.c6,
      p.c.c2,
      p.c.c7,
      p.c.c5,
      p.c.c4,
      p.c.c3,
      p.c.c1,
      p.c.c9,
    ]);
    expect(all.results.find((r) => r.id === p.c.c4)).toMatchObject({
      customer_reference: "alice-001",
      customer_name: "Alice Example",
      state: "active",
      currency: "EUR",
      billing_attention_required: true,
      next_billing_at: "2026-06-18T00:00:00.000Z",
      next_charge_amount: "27.8000",
    });
  });

  it("paginates on the server", async () => {
    const page2 = await contracts({ page: 2, pageSize: 4 });
    expect(page2.count).toBe(9);
    expect(page2.results.map((r) => r.id)).toEqual([p.c.c5, p.c.c4, p.c.c3, p.c.c1]);
    expect((await contracts({ page: 3, pageSize: 4 })).results.map((r) => r.id)).toEqual([p.c.c9]);
  });

  it("filters by state, currency, customer, billing attention and service state", async () => {
    expect(await ids({ filters: { state: ["canceled", "ended"] } })).toEqual([p.c.c3, p.c.c9]);
    expect(await ids({ filters: { currency: "USD" } })).toEqual([p.c.c8]);
    expect(await ids({ filters: { customer: "bob-002" } })).toEqual([p.c.c2, p.c.c5, p.c.c9]);
    expect(await ids({ filters: { attention: true } })).toEqual([p.c.c4]);
    expect(await ids({ filters: { service_state: "past_due" } })).toEqual([p.c.c4]);
    expect(await ids({ filters: { service_state: ["inactive"] } })).toEqual([p.c.c6, p.c.c7, p.c.c5, p.c.c3, p.c.c9]);
  });

  it("computes the same service state as the contract's REST representation", async () => {
    for (const r of (await contracts({})).results) {
      expect(r.service_state, `contract ${r.id}`).toBe((await getContract(ctx(), r.id)).service_state);
    }
  });

  it("searches by customer reference or name, and by contract id", async () => {
    expect(await ids({ search: "ALICE" })).toEqual([p.c.c8, p.c.c6, p.c.c7, p.c.c4, p.c.c3, p.c.c1]);
    expect(await ids({ search: String(p.c.c5) })).toEqual([p.c.c5]);
    expect(await ids({ search: "nobody%" })).toEqual([]);
  });

  it("sorts by next billing (contracts without one last) and by creation", async () => {
    expect((await ids({ sort: "next_billing_asc" })).slice(0, 4)).toEqual([p.c.c4, p.c.c1, p.c.c2, p.c.c8]);
    expect((await ids({ sort: "created_asc" }))[0]).toBe(p.c.c9);
  });

  it("never shows another account's contracts", async () => {
    expect(await ids({ search: String(p.other.contract) })).toEqual([]);
  });
});

describe("contract detail", () => {
  it("is the REST representation plus runs, credit, timeline, entitlements and the planner's next charge", async () => {
    const d = await contractForConsole(ctx(), p.c.c4);
    expect(d.contract).toEqual(await getContract(ctx(), p.c.c4));
    expect(d.runs.results.map((r) => r.id)).toEqual([p.runs.r2, p.runs.r3]);
    expect(d.runs.count).toBe(2);
    expect(d.runs.results[1].attempts).toHaveLength(4);
    // 12.0000 (tax inclusive: 2.0000 of it) + 8.0000 + 0.8000 tax + 7.0000 = 27.8000, as the renewal estimate says
    expect(d.next_charge).toMatchObject({
      at: "2026-06-18T00:00:00.000Z",
      currency: "EUR",
      total_amount: "27.8000",
      tax_amount: "2.8000",
      subtotal_amount: "25.0000",
    });
    expect(d.subscriber_page).toContain("/change_contract/");
    expect(d.timeline).toMatchObject({ results: [], count: 0 });
  });

  it("is not found for another account's contract", async () => {
    await expect(contractForConsole(ctx(), p.other.contract)).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("runs list and detail", () => {
  it("filters by state, contract, customer and period, newest scheduled first", async () => {
    const runIds = async (filters: object) =>
      (await listRunsForConsole(ctx(), { page: 1, pageSize: 50, filters: filters as never })).results.map((r) => r.id);
    expect(await runIds({})).toEqual([p.runs.r6, p.runs.r4, p.runs.r2, p.runs.r5, p.runs.r1, p.runs.r3]);
    expect(await runIds({ state: "failed" })).toEqual([p.runs.r2]);
    expect(await runIds({ contract: p.c.c4 })).toEqual([p.runs.r2, p.runs.r3]);
    expect(await runIds({ customer: "bob-002" })).toEqual([p.runs.r4]);
    expect(await runIds({ period_from: "2026-06-01T00:00:00Z", period_to: "2026-06-10T00:00:00Z" })).toEqual([
      p.runs.r2,
      p.runs.r5,
      p.runs.r1,
    ]);
    const page = await listRunsForConsole(ctx(), { page: 2, pageSize: 4 });
    expect([page.count, page.results.map((r) => r.id)]).toEqual([6, [p.runs.r1, p.runs.r3]]);
  });

  it("shows a failed run's attempts and its retry schedule under the dunning rules", async () => {
    const r = await runForConsole(ctx(), p.runs.r2);
    expect(r.attempts).toMatchObject([
      { attempt_no: 1, state: "failed", fail_code: "card_declined", fail_message: "Declined" },
    ]);
    // attempt 2 when scheduled, then 3 and 5 days after each failure
    expect(r.retry_schedule).toEqual([
      { attempt_no: 2, at: "2026-06-11T00:05:00.000Z" },
      { attempt_no: 3, at: "2026-06-14T00:05:00.000Z" },
      { attempt_no: 4, at: "2026-06-19T00:05:00.000Z" },
    ]);
    expect(retrySchedule({ state: "exhausted", attempt_count: 4, next_attempt_at: null })).toEqual([]);
  });
});
