// The cancellation the seller shapes (issue 33, item 4): reasons, a retention offer shown once and applied
// through the coupons' rules, and the outcome on the contract (cancellation_feedback).
import { afterAll, describe, expect, it } from "vitest";
import { csrfTokenFor } from "@/server/domain/selfService/access";
import { subscriberPageView } from "@/server/domain/selfService/page";
import type { SeedResult } from "@/server/seed/demo";
import { at, expectStatus, MAR20, read, seedFixed } from "@/tests/contracts/_fixtures";
import { ctxFor, get, patch, post, useSeed } from "@/tests/helpers";
import { act, familyContract, setPolicy } from "@/tests/subscriber/_setup";
import { portalAct, signedInCustomer } from "./_setup";

let ids: SeedResult["ids"];
let accountId: number;
useSeed(seedFixed, (r) => ((ids = r.ids), (accountId = r.accountId)));
afterAll(async () => {
  await patch("/v2/cancellation-settings/", { reasons: [], retention_coupon: null });
});

describe("cancellation settings", () => {
  it("GET/PATCH /v2/cancellation-settings/ check reasons and the coupon", async () => {
    expect(expectStatus(await get("/v2/cancellation-settings/"), 200)).toEqual({ reasons: [], retention_coupon: null });
    const dup = await patch("/v2/cancellation-settings/", { reasons: ["Too expensive", "too expensive"] });
    expect(dup.status).toBe(400);
    expect(dup.body.reasons).toEqual(["Each reason only once."]);
    const missing = await patch("/v2/cancellation-settings/", { retention_coupon: 999999 });
    expect(missing.status).toBe(400);
    expect(missing.body.retention_coupon[0]).toMatch(/No active coupon/);
    expect((await patch("/v2/cancellation-settings/", { reasons: Array(11).fill("x") })).status).toBe(400);
  });
});

describe("cancel with reasons and a retention offer", () => {
  it("the offer comes first; accepting applies the coupon; declining cancels; the outcome is on the contract", async () => {
    await setPolicy({ allow_cancel: true });
    const coupon = expectStatus(
      await post("/v2/coupons/", {
        name: "Stay 50 %",
        percent_off: "50",
        duration: "repeating",
        duration_in_periods: 3,
      }),
      201,
    );
    expectStatus(
      await patch("/v2/cancellation-settings/", {
        reasons: ["Too expensive", "Not using it enough"],
        retention_coupon: coupon.id,
      }),
      200,
    );

    // the first contract's customer accepts the offer
    const kept = await familyContract(ids);
    at(MAR20);
    const csrf = await csrfTokenFor(kept.token);
    const view = await subscriberPageView(ctxFor(accountId, MAR20), kept.id, kept.token);
    expect(view.cancellation).toMatchObject({
      reasons: ["Too expensive", "Not using it enough"],
      offer: { coupon_id: coupon.id, name: "Stay 50 %", percent_off: "50.0000", duration_periods: 3 },
    });
    // a cancel that skips the offer is refused; a reason not on the list too
    const skipped = await act(kept.token, { action: "cancel", reason: "Too expensive" }, { csrf });
    expect(skipped.status).toBe(400);
    expect(skipped.body.offer[0]).toMatch(/offer/);
    const odd = await act(kept.token, { action: "cancel", reason: "Other", offer_declined: true }, { csrf });
    expect(odd.status).toBe(400);
    expect(odd.body.reason).toEqual(["Pick one of the reasons offered."]);

    const accepted = await act(kept.token, { action: "accept_offer", reason: "Too expensive" }, { csrf });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const keptContract = await read(kept.id, MAR20);
    expect(keptContract.state).toBe("active");
    expect(keptContract.cancel_at_period_end).toBe(false);
    expect(keptContract.discount).toMatchObject({ coupon: { id: coupon.id } });
    expect(keptContract.cancellation_feedback).toEqual({
      reason: "Too expensive",
      offer: "accepted",
      coupon_id: coupon.id,
      at: MAR20,
    });
    // shown once: no second offer for this contract
    expect((await subscriberPageView(ctxFor(accountId, MAR20), kept.id, kept.token)).cancellation.offer).toBeNull();

    // the second declines it, in the portal
    const gone = await familyContract(ids);
    at(MAR20);
    const customer = keptContract.customer.reference as string;
    const contractOfGone = await read(gone.id, MAR20);
    const cookie = await signedInCustomer(contractOfGone.customer.reference ?? customer);
    const declined = await portalAct(`contracts/${gone.id}/`, cookie, {
      action: "cancel",
      reason: "Not using it enough",
      offer_declined: true,
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const goneContract = await read(gone.id, MAR20);
    expect(goneContract.cancel_at_period_end).toBe(true);
    expect(goneContract.discount).toBeNull();
    expect(goneContract.cancellation_feedback).toEqual({
      reason: "Not using it enough",
      offer: "declined",
      coupon_id: coupon.id,
      at: MAR20,
    });
  });
});
