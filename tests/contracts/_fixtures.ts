// Shared set-up of the contract integration tests (spec 2.6, 3.1, 4.5, 4.6, 6, 7).
//
// The demo catalog is seeded with a FIXED "now" (SEED_NOW), so the price versions of Streaming Premium
// are at known dates and every amount below can be a hand-computed literal:
//   Streaming Basic monthly  9.9000 EUR, VAT 24 % exclusive, no fixed day
//   Streaming Premium monthly 12.9000 until 2025-12-31, 14.9000 in [2025-12-31, 2026-03-31), 16.9000 after
//   Sports monthly 5.0000, Extra Screen 3.0000, Kids 4.0000 (VAT 24 % exclusive)
//   Printed Magazine monthly 12.0000, VAT 10 % inclusive, billing day 1
//   Weekend Newspaper monthly 8.0000, VAT 10 % inclusive, billing day 15
//   Setup Fee one-time 19.0000, VAT 24 % exclusive
// Most contracts start at T0 = 2026-03-10T00:00Z: a monthly period [Mar 10, Apr 10) is 31 days, so a
// change on Mar 20 covers 21/31 = 0.677419 of it (0.6774193… rounded half-up to six places).
import { expect } from "vitest";
import { getDb } from "@/server/db";
import { type SeedResult, seedDemo } from "@/server/seed/demo";
import { expectFields } from "@/tests/api/_util";
import { type ApiResponse, ctxFor, db, get, post, setRequestTime } from "@/tests/helpers";

export const SEED_NOW = new Date("2026-03-01T00:00:00.000Z");
export const T0 = "2026-03-10T00:00:00.000Z";
export const MAR20 = "2026-03-20T00:00:00.000Z";
export const APR10 = "2026-04-10T00:00:00.000Z";
export const OTHER_KEY = "sk_test_other_secret";
export const URL = "/v2/subscription-contracts/";
export const D4 = /^-?\d+\.\d{4}$/;

let seeded: Promise<SeedResult> | undefined;
/** The demo data with the fixed seed time (same API keys as tests/helpers.ts `seed()`; use one or the other). */
export const seedFixed = () =>
  (seeded ??= seedDemo(getDb(), {
    secretKey: "sk_test_demo_secret",
    publicKey: "pk_test_demo_public",
    tokenKey: "legacytoken123",
    otherSecretKey: "sk_test_other_secret",
    now: SEED_NOW,
  }));

/** Pins "now" of the following REST calls. */
export const at = (t: string | Date) => setRequestTime(t);

export function expectStatus(r: ApiResponse, status: number) {
  expect(r.status, `HTTP ${r.status}: ${JSON.stringify(r.body)}`).toBe(status);
  return r.body;
}

export { expect400 } from "@/tests/api/_util";

export const cpath = (id: number, rest = "") => `${URL}${id}/${rest}`;

/** POST /v2/subscription-contracts/ at `when` that must succeed (201). */
export async function createContract(body: Record<string, unknown>, when: string = T0) {
  at(when);
  return expectStatus(await post(URL, { customer_reference: "cust-1001", ...body }), 201);
}

/** A contract with one Streaming Basic monthly item (9.9000 EUR), created at T0 unless told. */
export async function createBasic(ids: Record<string, number>, over: Record<string, unknown> = {}, when: string = T0) {
  return createContract({ items: [{ price: ids.basicMonthly }], ...over }, when);
}

export async function read(id: number, when?: string) {
  if (when) at(when);
  return expectStatus(await get(cpath(id)), 200);
}

/** Executes a lifecycle or item operation at `when`. */
export async function op(id: number, path: string, body: unknown, when: string) {
  at(when);
  return post(cpath(id, path), body);
}

export async function eventsOf(contractId: number) {
  const rows = await db().outboxEvent.findMany({ orderBy: { id: "asc" } });
  return rows.filter((r) => (r.payload as any)?.data?.id === contractId);
}

export async function creditsOf(contractId: number) {
  return (await db().contractCredit.findMany({ where: { contractId }, orderBy: { id: "asc" } })).map((c) => ({
    amount: c.amount.toFixed(4),
    kind: c.kind,
    operation: c.operation,
    currency: c.currency,
  }));
}

export async function pendingOf(contractId: number) {
  return (await db().pendingLine.findMany({ where: { contractId }, orderBy: { id: "asc" } })).map((l) => ({
    contract_item_id: l.contractItemId,
    price_id: l.priceId,
    quantity: l.quantity,
    unit: l.unitAmount.toFixed(4),
    factor: l.prorationFactor.toFixed(6),
    line: l.lineTotal.toFixed(4),
    subtotal: l.subtotal.toFixed(4),
    tax: l.tax.toFixed(4),
    reason: l.prorationReason,
    start: l.servicePeriodStartAt.toISOString(),
    end: l.servicePeriodEndAt.toISOString(),
    billing_run_id: l.billingRunId,
  }));
}

export async function runsOf(contractId: number) {
  const runs = await db().billingRun.findMany({
    where: { contractId },
    include: { lines: { orderBy: { id: "asc" } } },
    orderBy: { id: "asc" },
  });
  return runs.map((r) => ({
    id: r.id,
    kind: r.kind,
    state: r.state,
    currency: r.currency,
    start: r.periodStartAt.toISOString(),
    end: r.periodEndAt.toISOString(),
    subtotal: r.subtotal.toFixed(4),
    tax: r.tax.toFixed(4),
    total: r.total.toFixed(4),
    lines: r.lines.map((l) => ({
      kind: l.kind,
      contract_item_id: l.contractItemId,
      price_id: l.priceId,
      quantity: l.quantity,
      unit: l.unitAmount.toFixed(4),
      factor: l.prorationFactor.toFixed(6),
      line: l.lineTotal.toFixed(4),
      subtotal: l.subtotal.toFixed(4),
      tax: l.tax.toFixed(4),
      reason: l.prorationReason,
      start: l.servicePeriodStartAt.toISOString(),
      end: l.servicePeriodEndAt.toISOString(),
    })),
  }));
}

/** Preview line → the amounts that matter. */
export const amounts = (l: any) => ({
  item: l.contract_item_id,
  price: l.price_id,
  qty: l.quantity,
  unit: l.unit_amount,
  factor: l.proration_factor,
  line: l.line_total_amount,
  subtotal: l.line_subtotal_amount,
  tax: l.line_tax_amount,
  reason: l.proration_reason,
  start: l.service_period_start_at,
  end: l.service_period_end_at,
});

/** Sets columns directly (states and billing flags the API cannot produce yet). */
export async function setContract(id: number, data: Record<string, unknown>) {
  await db().subscriptionContract.update({ where: { id }, data });
}

// Spec 2.6, every field with its exact name ("?" = nullable)
const CONTRACT_FIELDS = {
  id: "int",
  customer_id: "int",
  customer: "object",
  customer_reference: "string",
  state: "string",
  currency: "string",
  recurring: "bool",
  contract_version: "int",
  billing_anchor_at: "iso",
  billing_timezone: "string",
  billing_time: "string",
  billing_advance_policy: "string",
  next_billing_at: "iso?",
  trial_start_at: "iso?",
  trial_end_at: "iso?",
  cancel_at_period_end: "bool",
  cancel_at: "iso?",
  canceled_at: "iso?",
  ended_at: "iso?",
  service_active: "bool",
  service_state: "string",
  entitlement_summary: "object",
  billing_attention_required: "bool",
  has_future_pause: "bool",
  paused_until: "iso?",
  pauses: "array",
  current_pauses: "array",
  future_pauses: "array",
  past_pauses: "array",
  items: "array",
  latest_billing_run: "object?",
  initial_billing_run: "object?",
  discount: "object?",
  delivery_address: "object?",
  shipping_selection: "object?",
  legacy_subscription_ids: "array",
  metadata: "object",
  subscriber_page: "string",
  created_at: "iso",
  updated_at: "iso",
} as const;

export function expectContractShape(c: any) {
  expectFields(c, CONTRACT_FIELDS as any, "contract");
  expect(["inactive", "active", "paused", "canceled", "ended"]).toContain(c.state);
  expect(["active", "inactive", "partial", "past_due"]).toContain(c.service_state);
  expect(["on_run_created", "on_run_succeeded"]).toContain(c.billing_advance_policy);
  // V2 contracts have no active_from / active_until (spec 2.6)
  expect(c).not.toHaveProperty("active_from");
  expect(c).not.toHaveProperty("active_until");
  expect(c.subscriber_page).toMatch(/^https?:\/\/[^ ]+\/change_contract\/[A-Za-z0-9_-]+\/$/);
  for (const i of c.items) {
    expectFields(
      i,
      { id: "int", price_id: "int", quantity: "int", current_service_period_end_at: "iso?", entitled_until: "iso?" },
      "item",
    );
  }
  for (const p of [...c.pauses, ...c.current_pauses, ...c.future_pauses, ...c.past_pauses])
    expectFields(p, { id: "int" }, "pause");
  if (c.latest_billing_run)
    expectFields(
      c.latest_billing_run,
      { id: "int", period_start_at: "iso", period_end_at: "iso" },
      "latest_billing_run",
    );
}

export { ctxFor, db };
