// The contract page's discount actions (contractActions.applyDiscount / removeDiscount) and a coupon's
// redemptions (coupons.redemptions) through the real tRPC router: the same domain functions as
// POST/DELETE …/discount/ and GET /v2/coupons/{id}/redemptions/, scoped to the caller's account.
import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { consoleAs } from "@/tests/audit/_console";
import { db, get, post, seed, useSeed } from "@/tests/helpers";

let ids: Record<string, number>;
useSeed(seed, (r) => {
  ids = r.ids;
});

const admin = () => consoleAs("admin@example.com");
const other = () => consoleAs("other-admin@example.com");
let n = 0;

async function newContract() {
  const r = await post("/v2/subscription-contracts/", {
    customer_reference: "cust-1001",
    items: [{ price: ids.basicMonthly }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number };
}
async function newCoupon(caller: Awaited<ReturnType<typeof admin>>) {
  n += 1;
  return caller.coupons.create({
    name: `Console ${n}`,
    percent_off: "20",
    duration: "repeating",
    duration_in_periods: 3,
  });
}
async function failure(p: Promise<unknown>) {
  try {
    await p;
    return "OK";
  } catch (e) {
    const err = e as TRPCError;
    return { code: err.code, fields: (err.cause as { fields?: Record<string, string[]> } | undefined)?.fields };
  }
}

describe("contract discount in the console", () => {
  it("applies a coupon (the REST contract shows it), lists the redemption, and removes the discount", async () => {
    const caller = await admin();
    const c = await newContract();
    const coupon = await newCoupon(caller);
    const applied = await caller.contractActions.applyDiscount({ contract_id: c.id, coupon: coupon.id });
    expect(applied.discount).toMatchObject({ coupon: { id: coupon.id }, runs_remaining: 3, promotion_code: null });
    const rest = await get(`/v2/subscription-contracts/${c.id}/`);
    expect((rest.body as { discount: unknown }).discount).toMatchObject({ coupon: { id: coupon.id } });
    const redemptions = await caller.coupons.redemptions({ id: coupon.id });
    expect(redemptions.count).toBe(1);
    expect(redemptions.results).toEqual([
      expect.objectContaining({ coupon_id: coupon.id, subject_type: "contract", subject_id: c.id }),
    ]);
    const removed = await caller.contractActions.removeDiscount({ contract_id: c.id });
    expect(removed.discount).toBeNull();
    expect(await db().contractDiscount.count({ where: { contractId: c.id } })).toBe(0);
  });

  it("applies a promotion code and reports an unknown code on its field", async () => {
    const caller = await admin();
    const c = await newContract();
    const coupon = await newCoupon(caller);
    await caller.coupons.createCode({ coupon: coupon.id, code: `CONSOLE${n}` });
    const applied = await caller.contractActions.applyDiscount({ contract_id: c.id, promotion_code: `console${n}` });
    expect(applied.discount).toMatchObject({ promotion_code: `CONSOLE${n}` });
    expect(await failure(caller.contractActions.applyDiscount({ contract_id: c.id, promotion_code: "NOPE" }))).toEqual({
      code: "BAD_REQUEST",
      fields: { promotion_code: ["This promotion code does not exist."] },
    });
  });

  it("keeps accounts apart: another account's contract and coupon redemptions are NOT_FOUND", async () => {
    const c = await newContract();
    const mine = await newCoupon(await admin());
    const theirs = await other();
    const theirCoupon = await newCoupon(theirs);
    expect(
      await failure(theirs.contractActions.applyDiscount({ contract_id: c.id, coupon: theirCoupon.id })),
    ).toMatchObject({ code: "NOT_FOUND" });
    expect(await failure(theirs.contractActions.removeDiscount({ contract_id: c.id }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await failure(theirs.coupons.redemptions({ id: mine.id }))).toMatchObject({ code: "NOT_FOUND" });
    // another account's coupon is unknown here: the same field error as POST …/discount/ answers
    const caller = await admin();
    expect(await failure(caller.contractActions.applyDiscount({ contract_id: c.id, coupon: theirCoupon.id }))).toEqual({
      code: "BAD_REQUEST",
      fields: { coupon: [`Coupon ${theirCoupon.id} not found.`] },
    });
    expect(await db().contractDiscount.count({ where: { contractId: c.id } })).toBe(0);
  });
});
