// The contract page's actions through the real tRPC router (contractActions.*): a preview's token makes
// the confirmed change equal the preview; credit grants are validated and recorded; another account's
// contract is NOT_FOUND; nothing is implemented twice (same domain functions as REST).
import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { zodFieldErrors } from "@/server/inputChecks";
import { consoleAs } from "@/tests/audit/_console";
import { db, post, seed, useSeed } from "@/tests/helpers";

let ids: Record<string, number>;
useSeed(seed, (r) => {
  ids = r.ids;
});

const admin = () => consoleAs("admin@example.com");
async function newContract() {
  const r = await post("/v2/subscription-contracts/", {
    customer_reference: "cust-1001",
    items: [{ price: ids.basicMonthly }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; items: { id: number }[] };
}
async function failure(p: Promise<unknown>) {
  try {
    await p;
    return "OK";
  } catch (e) {
    const err = e as TRPCError;
    // a domain error carries its fields; an input error is a ZodError, worded for the client by the error formatter
    const fields =
      err.cause instanceof ZodError
        ? zodFieldErrors(err.cause)
        : (err.cause as { fields?: Record<string, string[]> } | undefined)?.fields;
    return { code: err.code, fields };
  }
}

describe("contractActions", () => {
  it("confirms an item update with the preview token: the adjustment equals the preview", async () => {
    const c = await newContract();
    const caller = await admin();
    const change = {
      contract_id: c.id,
      contract_item: c.items[0].id,
      quantity: 3,
      proration_behavior: "create_prorations" as const,
    };
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
    expect(
      (await caller.contractActions.cancel({ contract_id: c.id, cancel_at_period_end: true })).cancel_at_period_end,
    ).toBe(true);
    expect((await caller.contractActions.restart({ contract_id: c.id })).cancel_at_period_end).toBe(false);
  });

  it("adds credit (recorded as a grant) and edits metadata; bad amounts name the field", async () => {
    const c = await newContract();
    const caller = await admin();
    expect(
      (await caller.contractActions.addCredit({ contract_id: c.id, amount: "5.5", reason: "Goodwill" })).credit_balance,
    ).toBe("5.5000");
    const rows = await db().contractCredit.findMany({ where: { contractId: c.id } });
    expect(rows.map((r) => [r.kind, r.amount.toString(), r.reason])).toEqual([["grant", "5.5", "Goodwill"]]);
    expect(
      await failure(caller.contractActions.addCredit({ contract_id: c.id, amount: "0", reason: "x" })),
    ).toMatchObject({ code: "BAD_REQUEST", fields: { amount: ["Ensure this value is greater than 0."] } });
    expect(
      await failure(caller.contractActions.addCredit({ contract_id: c.id, amount: "abc", reason: "x" })),
    ).toMatchObject({ code: "BAD_REQUEST" });
    expect((await caller.contractActions.update({ contract_id: c.id, metadata: { crm: "42" } })).metadata).toEqual({
      crm: "42",
    });
  });

  it("pauses a window through the preview and cancels the scheduled pause", async () => {
    const c = await newContract();
    const caller = await admin();
    const day = 86_400_000;
    const window = {
      contract_id: c.id,
      start_date: new Date(Date.now() + 3 * day).toISOString(),
      end_date: new Date(Date.now() + 10 * day).toISOString(),
    };
    const preview = await caller.contractActions.preview({ operation: "pause", ...window });
    const paused = await caller.contractActions.pause({ ...window, preview_token: preview.preview_token });
    expect(paused.future_pauses).toHaveLength(1);
    expect(await failure(caller.contractActions.pause({ contract_id: c.id } as never))).toMatchObject({
      code: "BAD_REQUEST",
      fields: { start_date: ["This field is required."] },
    });
    const back = await caller.contractActions.cancelPause({ contract_id: c.id, pause_id: paused.future_pauses[0].id });
    expect(back.future_pauses).toHaveLength(0);
  });

  it("answers NOT_FOUND to every action on another account's contract, and changes nothing", async () => {
    const c = await newContract();
    const other = await consoleAs("other-admin@example.com");
    const id = { contract_id: c.id };
    const item = { ...id, contract_item: c.items[0].id };
    const before = await db().subscriptionContract.findUniqueOrThrow({ where: { id: c.id } });
    const calls: [string, () => Promise<unknown>][] = [
      ["preview", () => other.contractActions.preview({ ...id, operation: "cancel" })],
      ["addItem", () => other.contractActions.addItem({ ...id, price: ids.basicMonthly })],
      ["updateItem", () => other.contractActions.updateItem({ ...item, quantity: 2 })],
      ["removeItem", () => other.contractActions.removeItem(item)],
      ["cancel", () => other.contractActions.cancel(id)],
      ["restart", () => other.contractActions.restart(id)],
      [
        "pause",
        () =>
          other.contractActions.pause({
            ...id,
            start_date: new Date(Date.now() + 86_400_000).toISOString(),
            end_date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
          }),
      ],
      ["resume", () => other.contractActions.resume(id)],
      ["cancelPause", () => other.contractActions.cancelPause({ ...id, pause_id: 1 })],
      ["activate", () => other.contractActions.activate(id)],
      ["update", () => other.contractActions.update({ ...id, metadata: { x: "1" } })],
      ["addCredit", () => other.contractActions.addCredit({ ...id, amount: "1", reason: "x" })],
    ];
    for (const [name, call] of calls) expect(await failure(call()), name).toMatchObject({ code: "NOT_FOUND" });
    const after = await db().subscriptionContract.findUniqueOrThrow({ where: { id: c.id } });
    expect([after.state, after.contractVersion, after.metadata]).toEqual([
      before.state,
      before.contractVersion,
      before.metadata,
    ]);
    expect(await db().contractCredit.count({ where: { contractId: c.id } })).toBe(0);
  });
});
