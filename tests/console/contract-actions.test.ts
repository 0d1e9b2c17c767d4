// The contract page's actions through the real tRPC router (contractActions.*): a preview's token makes
// the confirmed change equal the preview; credit grants are validated and recorded; another account's
// contract is NOT_FOUND; nothing is implemented twice (same domain functions as REST).
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db, post, seed, useSeed } from "../helpers";
import { consoleAs } from "../audit/_console";

let ids: Record<string, number>;
useSeed(seed, (r) => { ids = r.ids; });

const admin = () => consoleAs("admin@example.com");
async function newContract() {
  const r = await post("/v2/subscription-contracts/", { customer_reference: "cust-1001", items: [{ price: ids.basicMonthly }] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; items: { id: number }[] };
}
async function failure(p: Promise<unknown>) {
  try { await p; return "OK"; } catch (e) {
    const err = e as TRPCError;
    return { code: err.code, fields: (err.cause as { fields?: Record<string, string[]> } | undefined)?.fields };
  }
}

describe("contractActions", () => {
  it("confirms an item update with the preview token: the adjustment equals the preview", async () => {
    const c = await newContract();
    const caller = await admin();
    const change = { contract_id: c.id, contract_item: c.items[0].id, quantity: 3, proration_behavior: "create_prorations" as const };
    const preview = await caller.contractActions.preview({ operation: "update_item", ...change });
    expect(preview.lines.length).toBeGreaterThan(0);
    const done = await caller.contractActions.updateItem({ ...change, preview_token: preview.preview_token });
    expect(done.contract.items.find((i) => i.id === c.items[0].id)?.quantity).toBe(3);
    expect(done.proration.total_amount).toBe(preview.total_amount);
    expect(done.proration.lines.map((l) => l.line_total_amount)).toEqual(preview.lines.map((l) => l.line_total_amount));
  });

  it("cancels at period end and restarts", async () => {
    const c = await newContract();
    const caller = await admin();
    expect((await caller.contractActions.cancel({ contract_id: c.id, cancel_at_period_end: true })).cancel_at_period_end).toBe(true);
    expect((await caller.contractActions.restart({ contract_id: c.id })).cancel_at_period_end).toBe(false);
  });

  it("adds credit (recorded as a grant) and edits metadata; bad amounts name the field", async () => {
    const c = await newContract();
    const caller = await admin();
    expect((await caller.contractActions.addCredit({ contract_id: c.id, amount: "5.5", reason: "Goodwill" })).credit_balance).toBe("5.5000");
    const rows = await db().contractCredit.findMany({ where: { contractId: c.id } });
    expect(rows.map((r) => [r.kind, r.amount.toString(), r.reason])).toEqual([["grant", "5.5", "Goodwill"]]);
    expect(await failure(caller.contractActions.addCredit({ contract_id: c.id, amount: "0", reason: "x" }))).toMatchObject({ code: "BAD_REQUEST", fields: { amount: ["Ensure this value is greater than 0."] } });
    expect(await failure(caller.contractActions.addCredit({ contract_id: c.id, amount: "abc", reason: "x" }))).toMatchObject({ code: "BAD_REQUEST" });
    expect((await caller.contractActions.update({ contract_id: c.id, metadata: { crm: "42" } })).metadata).toEqual({ crm: "42" });
  });

  it("answers NOT_FOUND for another account's contract", async () => {
    const c = await newContract();
    const other = await consoleAs("other-admin@example.com");
    expect(await failure(other.contractActions.addCredit({ contract_id: c.id, amount: "1", reason: "x" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await failure(other.contractActions.preview({ contract_id: c.id, operation: "cancel" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await failure(other.contractActions.cancel({ contract_id: c.id }))).toMatchObject({ code: "NOT_FOUND" });
  });
});
