// The audit trail for changes made without an API key (the embedded checkout widget and the hosted
// card form: actor `customer`, named by its checkout session or customer id) and for paths carrying a token (kept as a prefix only).
import { describe, expect, it } from "vitest";
import { db, post, seed, useSeed } from "@/tests/helpers";
import {
  createChannel,
  createSession,
  expectStatus,
  freshRef,
  GOOD,
  submitCard,
  widget,
} from "@/tests/sessions/_widget";

let accountId: number;
useSeed(seed, (r) => {
  accountId = r.accountId;
});

const last = () => db().auditLog.findFirstOrThrow({ where: { accountId }, orderBy: { id: "desc" } });

describe("audit trail of public pages", () => {
  it("records the widget's checkout as the customer of the session, without its token; refused calls record nothing", async () => {
    const ch = await createChannel();
    const s = await createSession({ sales_channel: ch.id });
    const session = await db().checkoutSession.findUniqueOrThrow({ where: { token: s.token } });
    const before = await db().auditLog.count({ where: { accountId } });
    expect(
      (await widget.checkout(s.token, { customer: { reference: freshRef() } }, "https://evil.example.net")).status,
    ).toBe(403);
    expect(await db().auditLog.count({ where: { accountId } })).toBe(before);

    const co = expectStatus(await widget.checkout(s.token, { customer: { reference: freshRef() } }), 200);
    const row = await last();
    expect(row).toMatchObject({
      actorType: "customer",
      actorId: String(session.id),
      action: "POST /api/public/checkout-sessions/{token}/checkout/",
      targetType: "checkout-sessions",
      targetId: String(session.id),
    });
    const text = JSON.stringify(row);
    expect(text).not.toContain(s.token);
    expect(text).not.toContain(co.checkout_token);

    // a REST path naming the checkout token keeps only its prefix
    const reg = await post(`/v2/checkouts/${co.checkout_token}/payment-method-registrations/`, {});
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const restRow = await last();
    expect(restRow).toMatchObject({
      actorType: "api_key",
      action: "POST /v2/checkouts/{token}/payment-method-registrations/",
      targetType: "payment-method-registrations",
    });
    expect(JSON.stringify(restRow)).not.toContain(co.checkout_token);
    expect((restRow.details as any).params.token).toBe(`${co.checkout_token.slice(0, 8)}…`);

    // the hosted card form: the checkout's customer, without the registration token or the card number
    const sub = await submitCard(co.registration.token);
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const registration = await db().paymentMethodRegistration.findUniqueOrThrow({
      where: { token: co.registration.token },
    });
    const cardRow = await last();
    expect(cardRow).toMatchObject({
      actorType: "customer",
      actorId: String(registration.customerId),
      action: "POST /api/pay/registrations/{token}/",
      targetType: "payment-method-registrations",
      targetId: String(registration.id),
    });
    expect(JSON.stringify(cardRow)).not.toContain(co.registration.token);
    expect(JSON.stringify(cardRow)).not.toContain(GOOD);
  });
});
