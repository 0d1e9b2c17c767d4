// Shared set-up of the checkout and payment tests (spec 2.7, 2.8, 3.2, 3.3, 4.4, 4.7): status checks,
// fresh customers, and in-process calls of the two public routes (the hosted card form's submission and
// the sandbox processors' signed webhook).
import { constants, publicEncrypt } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { POST as submitRoute } from "@/app/api/pay/registrations/[token]/route";
import { POST as webhookRoute } from "@/app/api/processors/sandbox/webhook/route";
import { processorWebhookSecret, signProcessorWebhook } from "@/server/domain/payments/processorEvents";
import { setEnv } from "@/tests/env";
import { type ApiResponse, db, get, post } from "@/tests/helpers";

export const OTHER_KEY = "sk_test_other_secret";
export const PUBLIC_KEY = "pk_test_demo_public";
export const D4 = /^\d+\.\d{4}$/;
export const GOOD = "4242424242424242";
export const DECLINED = "4000000000000002";
export const THREE_DS = "4000000000003220";
/**
 * The vendor B sandbox confirms a drop-in by its own signed webhook 300 ms later; a test that sends that
 * webhook itself switches the sandbox's call off (otherwise the two race: an identical signature in the same
 * second is refused as a replay, and the registration may be verified before the test looks).
 */
export function sendProcessorWebhooksOurselves() {
  let restore: () => void;
  beforeAll(() => {
    restore = setEnv({ SANDBOX_PROCESSOR_CALLBACKS: "off" });
  });
  afterAll(() => restore());
}

/** Origin of the public-route requests (a port nothing listens on: nothing may call back to it). */
const PUBLIC_ORIGIN = "http://127.0.0.1:9";

export function expectStatus(r: Pick<ApiResponse, "status" | "body">, status: number) {
  expect(r.status, `HTTP ${r.status}: ${JSON.stringify(r.body)}`).toBe(status);
  return r.body;
}

export { expect400 } from "@/tests/api/_util";

let n = 0;
/** A customer of its own for one test (no payment methods), so tests in a file do not disturb each other. */
export async function newCustomer(accountId: number, prefix = "chk") {
  const reference = `${prefix}-${process.pid}-${++n}`;
  const c = await db().customer.create({
    data: { accountId, reference, name: `Customer ${reference}`, email: `${reference}@example.com` },
  });
  return { id: c.id, reference };
}

export const pmPath = (ref: string, id?: number, rest = "") =>
  `/v2/customers/${ref}/payment-methods/${id === undefined ? "" : `${id}/${rest}`}`;

/** Everything a finalize may create, for before/after comparisons. */
export async function counts(accountId: number) {
  const [contracts, runs, attempts] = await Promise.all([
    db().subscriptionContract.count({ where: { accountId } }),
    db().billingRun.count({ where: { accountId } }),
    db().billingAttempt.count({ where: { run: { accountId } } }),
  ]);
  return { contracts, runs, attempts };
}

/** POST /v2/checkouts/ that must succeed. */
export async function createCheckout(body: Record<string, unknown>) {
  return expectStatus(await post("/v2/checkouts/", body), 201);
}

/** POST .../payment-method-registrations/ that must succeed. */
export async function register(checkoutToken: string) {
  return expectStatus(await post(`/v2/checkouts/${checkoutToken}/payment-method-registrations/`, {}), 201);
}

/** The hosted card form's submission: POST /api/pay/registrations/<token>/ (no API key). */
export async function submitHosted(token: string, body: unknown) {
  const req = new Request(`${PUBLIC_ORIGIN}/api/pay/registrations/${token}/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const res = await submitRoute(req, { params: Promise.resolve({ token }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  exp_month: 12,
  exp_year: 2031,
  cvc: "123",
  ...extra,
});

/** What vendor A's browser script does: RSA-OAEP-SHA256 of the card JSON with the processor's public key, base64. */
export function encryptCard(publicKeyPem: string, c: unknown) {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(JSON.stringify(c)),
  ).toString("base64");
}

/** A processor's webhook secret, as the database trigger created it. */
export async function secretOf(processorId: number): Promise<string> {
  const secret = processorWebhookSecret(
    await db().accountPaymentProcessor.findUniqueOrThrow({ where: { id: processorId } }),
  );
  expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
  return secret!;
}

export interface WebhookOptions {
  secret?: string;
  signature?: string | null;
  at?: Date;
  raw?: string;
}

/** The processor's inbound webhook: signed now with the processor's own secret unless `secret`, `at` or a verbatim `signature` (null: none) say otherwise. */
export async function sendWebhook(event: Record<string, unknown>, opts: WebhookOptions = {}) {
  const raw = opts.raw ?? JSON.stringify(event);
  const signature =
    opts.signature !== undefined
      ? opts.signature
      : signProcessorWebhook(opts.secret ?? (await secretOf(Number(event.account_payment_processor_id))), raw, opts.at);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["x-sandbox-signature"] = signature;
  const req = new Request(`${PUBLIC_ORIGIN}/api/processors/sandbox/webhook/`, { method: "POST", headers, body: raw });
  const res = await webhookRoute(req);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Registration through the hosted form with a plain card (generic form, vendor C): must end verified. */
export async function registerCard(checkoutToken: string, number: string) {
  const reg = await register(checkoutToken);
  const sub = await submitHosted(reg.token, { card: card(number) });
  expect(sub.status, JSON.stringify(sub.body)).toBe(200);
  expect(sub.body.status).toBe("verified");
  return expectStatus(await get(`/v2/payment-method-registrations/${reg.token}/`), 200);
}

export const finalize = (token: string) => post(`/v2/checkouts/${token}/finalize/`, {});
export const readCheckout = async (token: string) => expectStatus(await get(`/v2/checkouts/${token}/`), 200);
export const readContract = async (id: number) => expectStatus(await get(`/v2/subscription-contracts/${id}/`), 200);
export const readRun = async (id: number) => expectStatus(await get(`/v2/billing-runs/${id}/`), 200);
