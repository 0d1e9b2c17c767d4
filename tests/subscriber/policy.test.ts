// The seller's policy on the subscriber page: pausing when allowed, and downgrades credited now under
// prorate_both_now (the default gives no credit: subscriber.test.ts).
import { afterAll, describe, expect, it } from "vitest";
import { csrfTokenFor } from "@/server/domain/selfService/access";
import type { SeedResult } from "@/server/seed/demo";
import { at, MAR20, seedFixed } from "@/tests/contracts/_fixtures";
import { db, useSeed } from "@/tests/helpers";
import { act, familyContract, setPolicy } from "./_setup";

let ids: SeedResult["ids"];
useSeed(seedFixed, (r) => (ids = r.ids));
afterAll(async () => {
  await setPolicy({ allow_pause: false, customer_proration: "upgrade_now_downgrade_at_renewal" });
});

describe("policy", () => {
  it("pause for a month and resume when the seller allows pausing", async () => {
    await setPolicy({ allow_pause: true });
    const { id, token } = await familyContract(ids);
    const csrf = await csrfTokenFor(token);
    at(MAR20);
    const paused = await act(token, { action: "pause", months: 1 }, { csrf });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect((await db().subscriptionContract.findUniqueOrThrow({ where: { id } })).state).toBe("paused");
    const resumed = await act(token, { action: "resume" }, { csrf });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect((await db().subscriptionContract.findUniqueOrThrow({ where: { id } })).state).not.toBe("paused");
  });

  it("prorate_both_now: removing an add-on is credited now", async () => {
    await setPolicy({ customer_proration: "prorate_both_now" });
    const { id, token } = await familyContract(ids);
    const csrf = await csrfTokenFor(token);
    at(MAR20);
    const add = { kind: "add", price: ids.sportsMonthly };
    const p1 = await act(token, { action: "preview_change", change: add }, { csrf });
    expect(p1.body.direction).toBe("upgrade");
    const added = await act(
      token,
      { action: "confirm_change", change: add, preview_token: p1.body.preview.preview_token },
      { csrf },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const sports = await db().contractItem.findFirstOrThrow({ where: { contractId: id, priceId: ids.sportsMonthly } });
    const remove = { kind: "remove", contract_item: sports.id };
    const p2 = await act(token, { action: "preview_change", change: remove }, { csrf });
    expect(p2.body.direction).toBe("downgrade");
    expect(Number(p2.body.preview.credit_amount)).toBeGreaterThan(0);
    const removed = await act(
      token,
      { action: "confirm_change", change: remove, preview_token: p2.body.preview.preview_token },
      { csrf },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.credit_amount).toBe(p2.body.preview.credit_amount);
    expect(await db().contractCredit.count({ where: { contractId: id } })).toBe(1);
  });
});
