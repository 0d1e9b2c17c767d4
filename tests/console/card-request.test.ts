// The seller asks a customer for a card (customer page → "Request a card"): a secure link to the hosted card
// form, open a week, with a payment_method.requested event (the customer's e-mail when notice mails are on);
// the card the customer enters there is verified and becomes the one on file; a read-only user cannot ask.
import { beforeAll, describe, expect, it } from "vitest";
import { noticeMessage } from "@/server/domain/notices/templates";
import type { SeedResult } from "@/server/seed/demo";
import { consoleAs } from "@/tests/audit/_console";
import { db, seed } from "@/tests/helpers";
import { submitCard } from "@/tests/sessions/_widget";

let s: SeedResult;
beforeAll(async () => {
  s = await seed();
});

describe("request a card", () => {
  it("creates a week-long link to the card form; the card entered there is the customer's card on file", async () => {
    const c = await consoleAs(s.admin.email);
    const link = await c.customers.requestCard({ reference: "cust-1003" });
    expect(link.url).toMatch(/\/pay\/registrations\/pmr_[A-Za-z0-9_-]+$/);
    expect(link.customer_reference).toBe("cust-1003");
    const token = link.url.split("/").pop()!;
    const registration = await db().paymentMethodRegistration.findUniqueOrThrow({ where: { token } });
    expect(registration).toMatchObject({ checkoutId: null, contractId: null, status: "pending" });
    const days = (registration.expiresAt.getTime() - registration.createdAt.getTime()) / 86_400_000;
    expect(days).toBe(7);
    const event = await db().outboxEvent.findFirstOrThrow({
      where: { accountId: s.accountId, type: "payment_method.requested" },
      orderBy: { id: "desc" },
    });
    expect((event.payload as any).data).toMatchObject({ customer_reference: "cust-1003", url: link.url });

    // a declined card is refused on the form; a good one is saved for the customer
    expect((await submitCard(token, "4000000000000002")).status).toBe(400);
    expect((await submitCard(token, "5555555555554444")).status).toBe(200);
    const cards = (await c.customers.paymentMethods({ reference: "cust-1003" })).results;
    expect(cards.filter((m) => m.state === "active").map((m) => m.card?.last4)).toEqual(["4444"]);
  });

  it("the e-mail names the seller and carries the link; unknown customers are 404; read-only users cannot ask", async () => {
    const mail = noticeMessage(
      "payment_method.requested",
      { url: "https://billing.example/pay/registrations/pmr_x", expires_at: "2026-12-03T10:00:00.000Z" },
      { seller: "Demo Seller", customer: "Ada" },
    );
    expect(mail?.subject).toBe("Demo Seller asks you to add a card");
    expect(mail?.text).toContain("https://billing.example/pay/registrations/pmr_x");
    expect(mail?.text).toContain("3 December 2026");
    const c = await consoleAs(s.admin.email);
    await expect(c.customers.requestCard({ reference: "no-such-customer" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const viewer = await consoleAs(s.viewer.email);
    await expect(viewer.customers.requestCard({ reference: "cust-1003" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
