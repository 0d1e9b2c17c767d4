// Money going back through the console's tRPC router (refunds.*): a refund equals its preview and shows on
// the run and in the run's credit notes; a goodwill credit goes to the balance; an unpaid run is marked paid,
// voided or written off; each mutation is audited with the run as its target. Read-only users are refused
// every mutation (nothing changes); another account's run is NOT_FOUND to every procedure.
//   Streaming Basic monthly 9.9000 + VAT 24 % → 12.2760, charged 12.28.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { consoleAs, databaseFingerprint } from "@/tests/audit/_console";
import { db, post, seed, useSeed } from "@/tests/helpers";

let ids: Record<string, number>;
let viewer: string;
useSeed(seed, (r) => {
  ids = r.ids;
  viewer = r.viewer.email;
});

const admin = () => consoleAs("admin@example.com");

/** A Streaming Basic contract for `customer` whose first renewal has run (cust-1001's card pays, cust-1002's declines). */
async function billedRun(customer: "cust-1001" | "cust-1002") {
  const c = await post("/v2/subscription-contracts/", {
    customer_reference: customer,
    items: [{ price: ids.basicMonthly }],
  });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const to = new Date(new Date(c.body.next_billing_at).getTime() + 3_600_000).toISOString();
  const moved = await post("/v2/test-clock/advance/", { to });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const runs = await db().billingRun.findMany({ where: { contractId: c.body.id }, orderBy: { id: "desc" } });
  return runs[0];
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (e) {
    return e instanceof TRPCError ? e.code : `not a TRPCError: ${String(e)}`;
  }
}

describe("refunds router", () => {
  it("refunds half a paid run exactly as previewed; the run and its credit notes show it", async () => {
    const paid = await billedRun("cust-1001");
    expect(paid.state).toBe("succeeded");
    const caller = await admin();
    const body = { billing_run_id: paid.id, amount: "6.14", reason: "Customer asked for a refund" };
    const preview = await caller.refunds.preview({ ...body, as: "refund" });
    expect(preview).toMatchObject({ total_amount: "6.1400", refund_amount: "6.1400", credit_amount: "0.0000" });
    expect(preview.lines).toHaveLength(1);
    const note = await caller.refunds.refund(body);
    expect(note).toMatchObject({
      number: expect.stringMatching(/^CN-\d{6}$/),
      kind: "refund",
      total_amount: preview.total_amount,
      tax_amount: preview.tax_amount,
      refund_amount: "6.1400",
    });
    expect(note.refunds.map((r) => [r.amount, r.state])).toEqual([["6.1400", "succeeded"]]);
    const run = await caller.runs.get({ id: paid.id });
    expect([run.refunded_amount, run.credited_amount]).toEqual(["6.1400", "6.1400"]);
    expect((await caller.refunds.creditNotes({ billing_run_id: paid.id })).results.map((n) => n.id)).toEqual([note.id]);
    for (const filter of [{ contract_id: paid.contractId }, { customer_id: paid.customerId }]) {
      const page = await caller.refunds.creditNotes(filter);
      expect([page.count, page.results.map((n) => n.id)]).toEqual([1, [note.id]]);
    }
    expect((await caller.refunds.getCreditNote({ id: note.id })).number).toBe(note.number);
    const audit = await db().auditLog.findFirstOrThrow({
      where: { action: "trpc refunds.refund" },
      orderBy: { id: "desc" },
    });
    expect([audit.actorLabel, audit.targetId]).toEqual(["admin@example.com", String(paid.id)]);

    // a goodwill credit on the rest goes to the contract's balance; more than is left names the field
    const credit = await caller.refunds.creditNote({ billing_run_id: paid.id, amount: "1.00", reason: "Goodwill" });
    expect([credit.kind, credit.refund_amount, credit.credit_amount]).toEqual(["credit", "0.0000", "1.0000"]);
    const tooMuch = caller.refunds.refund({ billing_run_id: paid.id, amount: "6.00", reason: "Again" });
    await expect(tooMuch).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("marks an unpaid run paid by bank transfer, voids one and writes one off", async () => {
    const caller = await admin();
    const failed = await billedRun("cust-1002");
    expect(failed.state).toBe("failed");
    const paid = await caller.refunds.markPaid({
      billing_run_id: failed.id,
      method: "bank_transfer",
      reference: "TRF-2026-0042",
    });
    expect(paid.state).toBe("succeeded");
    expect(paid.attempts.at(-1)).toMatchObject({ method: "bank_transfer", reference: "TRF-2026-0042" });

    const second = await billedRun("cust-1002");
    expect((await caller.refunds.void({ billing_run_id: second.id, reason: "Billed by mistake" })).state).toBe(
      "voided",
    );
    await expect(caller.refunds.void({ billing_run_id: second.id, reason: "Again" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const third = await billedRun("cust-1002");
    expect((await caller.refunds.writeOff({ billing_run_id: third.id, reason: "Uncollectible" })).state).toBe(
      "written_off",
    );
  });

  it("refuses every mutation to a read-only user, and nothing changes; reads are allowed", async () => {
    const paid = await billedRun("cust-1001");
    const caller = await consoleAs(viewer);
    const run = { billing_run_id: paid.id };
    const before = await databaseFingerprint();
    const calls: [string, () => Promise<unknown>][] = [
      ["refund", () => caller.refunds.refund({ ...run, amount: "1.00", reason: "x" })],
      ["creditNote", () => caller.refunds.creditNote({ ...run, amount: "1.00", reason: "x" })],
      ["void", () => caller.refunds.void({ ...run, reason: "x" })],
      ["markPaid", () => caller.refunds.markPaid({ ...run, method: "cash" })],
      ["writeOff", () => caller.refunds.writeOff({ ...run, reason: "x" })],
    ];
    for (const [name, call] of calls) expect(await codeOf(call()), name).toBe("FORBIDDEN");
    expect(await databaseFingerprint()).toEqual(before);
    expect((await caller.refunds.preview({ ...run, amount: "1.00", reason: "x", as: "refund" })).total_amount).toBe(
      "1.0000",
    );
    expect((await caller.refunds.creditNotes(run)).results).toEqual([]);
  });

  it("answers NOT_FOUND to another account's run and credit note, and lists none of them", async () => {
    const paid = await billedRun("cust-1001");
    const failed = await billedRun("cust-1002");
    const note = await (await admin()).refunds.refund({ billing_run_id: paid.id, amount: "2.00", reason: "Ours" });
    const other = await consoleAs("other-admin@example.com");
    const run = { billing_run_id: paid.id };
    const unpaid = { billing_run_id: failed.id };
    const before = await databaseFingerprint();
    const calls: [string, () => Promise<unknown>][] = [
      ["preview", () => other.refunds.preview({ ...run, amount: "1.00", reason: "x", as: "refund" })],
      ["refund", () => other.refunds.refund({ ...run, amount: "1.00", reason: "x" })],
      ["creditNote", () => other.refunds.creditNote({ ...run, amount: "1.00", reason: "x" })],
      ["void", () => other.refunds.void({ ...unpaid, reason: "x" })],
      ["markPaid", () => other.refunds.markPaid({ ...unpaid, method: "cash" })],
      ["writeOff", () => other.refunds.writeOff({ ...unpaid, reason: "x" })],
      ["getCreditNote", () => other.refunds.getCreditNote({ id: note.id })],
    ];
    for (const [name, call] of calls) expect(await codeOf(call()), name).toBe("NOT_FOUND");
    expect(await databaseFingerprint()).toEqual(before);
    for (const filter of [run, { contract_id: paid.contractId }, { customer_id: paid.customerId }]) {
      expect(await other.refunds.creditNotes(filter)).toMatchObject({ count: 0, results: [] });
    }
    expect(await other.refunds.disputes(run)).toEqual([]);
  });

  it("pages a contract's and a customer's credit notes on the server, newest first, with the count", async () => {
    const paid = await billedRun("cust-1001");
    const caller = await admin();
    const filters = [{ contract_id: paid.contractId }, { customer_id: paid.customerId }];
    // the customer may have notes from earlier tests of this file; the contract is new
    const before = await Promise.all(filters.map(async (f) => (await caller.refunds.creditNotes(f)).count));
    expect(before[0]).toBe(0);
    const issued: number[] = [];
    for (let i = 0; i < 11; i++) {
      const note = await caller.refunds.creditNote({
        billing_run_id: paid.id,
        amount: "0.50",
        reason: `Goodwill ${i}`,
      });
      issued.push(note.id);
    }
    const newest = [...issued].reverse();
    for (const [i, filter] of filters.entries()) {
      const count = before[i] + 11;
      const first = await caller.refunds.creditNotes(filter);
      expect([first.count, first.page?.number, first.page?.size]).toEqual([count, 1, 10]);
      expect(first.results.map((n) => n.id)).toEqual(newest.slice(0, 10));
      const second = await caller.refunds.creditNotes({ ...filter, page: 2 });
      expect([second.count, second.results[0]?.id]).toEqual([count, newest[10]]);
      // a page past the end (a stale ?cn_page link) serves the last page
      const last = Math.ceil(count / 10);
      const past = await caller.refunds.creditNotes({ ...filter, page: last + 5 });
      expect([past.count, past.page?.number, past.results.length]).toEqual([count, last, count - (last - 1) * 10]);
    }
  });
});
