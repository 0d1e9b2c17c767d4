// Dunning notices (extension events): billing_run.payment_failed with the next retry time,
// billing_run.exhausted, payment_method.expiring 30 days before a card's expiry and
// subscription_contract.renewal_upcoming N days before a renewal (N per account) — each once, emitted
// when the account's (test) clock moves; and the optional SMTP sender, against a local capture server.

import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config";
import { updateAccountSettings } from "@/server/domain/accounts/settings";
import { mailNotices } from "@/server/domain/notices/mail";
import { noticeMailerFromConfig } from "@/server/mail";
import { addCard, advance, at, createContract, newWorld, runsOf, type World } from "@/tests/billing/_world";
import { ctxFor, db, systemCtx } from "@/tests/helpers";

const T0 = "2026-01-10T00:00:00.000Z";
afterEach(() => at(null));

const eventsOf = async (w: World, type: string) =>
  (await db().outboxEvent.findMany({ where: { accountId: w.accountId, type }, orderBy: { id: "asc" } })).map(
    (e) => (e.payload as { data: Record<string, unknown> }).data,
  );

describe("payment failures", () => {
  it("each failed attempt with a retry scheduled emits payment_failed with next_retry_at; the last emits exhausted", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { customer_reference: "cust-1002", items: [{ price: w.ids.basicMonthly }] });
    await advance(w, "2026-02-10T00:00:00.000Z");
    let failed = await eventsOf(w, "billing_run.payment_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      contract_id: c.id,
      attempt_no: 1,
      attempt_amount: "12.2800",
      next_retry_at: "2026-02-11T00:00:00.000Z",
      fail_code: expect.any(String),
    });
    // retries after 1, 3 and 5 days: Feb 11, Feb 14, Feb 19
    for (const day of ["2026-02-11", "2026-02-14", "2026-02-19"]) await advance(w, `${day}T00:00:00.000Z`);
    failed = await eventsOf(w, "billing_run.payment_failed");
    expect(failed.map((f) => [f.attempt_no, f.next_retry_at])).toEqual([
      [1, "2026-02-11T00:00:00.000Z"],
      [2, "2026-02-14T00:00:00.000Z"],
      [3, "2026-02-19T00:00:00.000Z"],
    ]);
    const exhausted = await eventsOf(w, "billing_run.exhausted");
    expect(exhausted).toHaveLength(1);
    expect(exhausted[0]).toMatchObject({ contract_id: c.id, state: "exhausted", attempt_count: 4 });
    const [run] = await runsOf(w, c.id);
    expect(run.state).toBe("exhausted");
  }, 120_000);
});

describe("calendar notices", () => {
  it("payment_method.expiring: once, 30 days before the card's expiry", async () => {
    const w = await newWorld();
    const carol = await db().customer.findFirstOrThrow({ where: { accountId: w.accountId, reference: "cust-1003" } });
    const card = await addCard(w, carol.id, "4242424242424242");
    // valid through February 2026: expires 2026-03-01T00:00Z; the notice is due from 2026-01-30
    await db().paymentMethod.update({ where: { id: card.id }, data: { cardExpMonth: 2, cardExpYear: 2026 } });
    at(T0);
    await advance(w, "2026-01-29T00:00:00.000Z");
    const mine = async () => (await eventsOf(w, "payment_method.expiring")).filter((e) => e.id === card.id);
    expect(await mine()).toHaveLength(0);
    await advance(w, "2026-01-30T00:00:00.000Z");
    await advance(w, "2026-02-15T00:00:00.000Z");
    const events = await mine();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      customer_id: carol.id,
      card_last4: "4242",
      card_exp_month: 2,
      card_exp_year: 2026,
      expires_at: "2026-03-01T00:00:00.000Z",
    });
  }, 60_000);

  it("subscription_contract.renewal_upcoming: once per period, N days before (N per account)", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    const mine = async () => (await eventsOf(w, "subscription_contract.renewal_upcoming")).filter((e) => e.id === c.id);
    // default 7 days: due from Feb 3 for the Feb 10 renewal
    await advance(w, "2026-02-02T00:00:00.000Z");
    expect(await mine()).toHaveLength(0);
    await advance(w, "2026-02-03T00:00:00.000Z");
    await advance(w, "2026-02-05T00:00:00.000Z");
    expect(await mine()).toEqual([
      expect.objectContaining({
        next_billing_at: "2026-02-10T00:00:00.000Z",
        notice_days: 7,
        customer_id: c.customer_id,
      }),
    ]);
    // 3 days for this account: the Mar 10 renewal is announced from Mar 7
    const s = await updateAccountSettings(ctxFor(w.accountId), { renewal_notice_days: 3 });
    expect(s.renewal_notice_days).toBe(3);
    await advance(w, "2026-03-06T00:00:00.000Z");
    expect(await mine()).toHaveLength(1);
    await advance(w, "2026-03-07T00:00:00.000Z");
    expect((await mine()).map((e) => e.next_billing_at)).toEqual([
      "2026-02-10T00:00:00.000Z",
      "2026-03-10T00:00:00.000Z",
    ]);
    await expect(updateAccountSettings(ctxFor(w.accountId), { renewal_notice_days: -1 })).rejects.toMatchObject({
      kind: "validation",
    });
  }, 120_000);
});

describe("SMTP sender", () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, done) {
        let raw = "";
        stream.on("data", (d: Buffer) => (raw += d.toString()));
        stream.on("end", () => {
          // quoted-printable bodies: soft line breaks and =XX escapes
          const text = raw
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: text });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("is off unless SMTP_URL and NOTICES_FROM are set", () => {
    expect(noticeMailerFromConfig(parseConfig({}))).toBeNull();
    expect(noticeMailerFromConfig(parseConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }))).toBeNull();
    expect(noticeMailerFromConfig(parseConfig({ SMTP_URL: " ", NOTICES_FROM: "Billing <b@shop.test>" }))).toBeNull();
  });

  it("mails each notice once, as plain text, to the customer", async () => {
    const w = await newWorld();
    at(T0);
    await createContract(w, { customer_reference: "cust-1002", items: [{ price: w.ids.basicMonthly }] });
    await advance(w, "2026-02-10T00:00:00.000Z");
    const mailer = noticeMailerFromConfig(
      parseConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, NOTICES_FROM: "Billing <billing@shop.test>" }),
    )!;
    expect(mailer).not.toBeNull();
    // every account's notices of this database go out; this world's payment failure is among them
    while ((await mailNotices(systemCtx(), mailer)) > 0);
    const bob = received.filter((m) => m.to.includes("bob@example.com"));
    const failedMail = bob.find((m) => /Subject: Your payment to .* did not go through/.test(m.raw));
    expect(failedMail, received.map((m) => m.raw.slice(0, 300)).join("\n---\n")).toBeDefined();
    expect(failedMail!.raw).toContain("From: Billing <billing@shop.test>");
    expect(failedMail!.raw).toMatch(/Content-Type: text\/plain/i);
    expect(failedMail!.raw).toContain("We will try again on 11 February 2026");
    const count = received.length;
    expect(await mailNotices(systemCtx(), mailer)).toBe(0);
    expect(received.length).toBe(count);
    const rows = await db().noticeMail.findMany({ where: { recipient: "bob@example.com", state: "sent" } });
    expect(rows.length).toBeGreaterThan(0);
  }, 120_000);
});
