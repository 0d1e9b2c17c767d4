// Shared set-up of the billing tests: every scenario gets its own seeded test-mode account (an account
// clock only moves forward, so simulations must not share one), REST calls with that account's key,
// and readers of runs, attempts and credits.
import { expect } from "vitest";
import { type SeedResult, seedDemo } from "@/server/seed/demo";
import { type ApiResponse, db, get, post, setRequestTime } from "@/tests/helpers";

/** Fixed seed time: the Streaming Premium versions then sit at known dates (unused by these tests). */
export const SEED_NOW = new Date("2026-01-01T00:00:00.000Z");

export interface World extends SeedResult {
  key: string;
  get: (path: string) => Promise<ApiResponse>;
  post: (path: string, body?: unknown) => Promise<ApiResponse>;
}

let n = 0;
/** A new seeded account (full demo catalog, customers, cards) with its own secret key. */
export async function newWorld(): Promise<World> {
  const tag = `${process.pid}_${++n}_${Math.random().toString(36).slice(2, 8)}`;
  // seedDemo always names the second account's admin other-admin@example.com and the viewer viewer@example.com
  // (emails are unique): move the old ones aside
  await db().user.updateMany({
    where: { email: "other-admin@example.com" },
    data: { email: `other-admin-${tag}@example.com` },
  });
  await db().user.updateMany({ where: { email: "viewer@example.com" }, data: { email: `viewer-${tag}@example.com` } });
  const s = await seedDemo(db(), {
    secretKey: `sk_test_${tag}`,
    publicKey: `pk_test_${tag}`,
    tokenKey: `tok${tag}`,
    otherSecretKey: `sk_test_o${tag}`,
    adminEmail: `admin-${tag}@example.com`,
    now: SEED_NOW,
  });
  const key = `sk_test_${tag}`;
  return { ...s, key, get: (p) => get(p, { key }), post: (p, body) => post(p, body, { key }) };
}

export function ok(r: ApiResponse, status = 200) {
  expect(r.status, `HTTP ${r.status}: ${JSON.stringify(r.body)}`).toBe(status);
  return r.body;
}

/** Pins the request clock (the account clock is max(test clock, this)). */
export const at = (t: string | Date | null) => setRequestTime(t);

/** Creates a contract (201) at the pinned time. */
export async function createContract(w: World, body: Record<string, unknown>) {
  return ok(await w.post("/v2/subscription-contracts/", { customer_reference: "cust-1001", ...body }), 201);
}

export async function advance(w: World, to: string) {
  return ok(await w.post("/v2/test-clock/advance/", { to }));
}

export async function readContract(w: World, id: number) {
  return ok(await w.get(`/v2/subscription-contracts/${id}/`));
}

/** Every run of a contract via GET /v2/billing-runs/?contract=, oldest first. */
export async function runsOf(w: World, contractId: number): Promise<any[]> {
  const list = ok(await w.get(`/v2/billing-runs/?contract=${contractId}`));
  return [...list].sort((a: any, b: any) => a.id - b.id);
}

/** A run's detail. */
export async function runDetail(w: World, id: number) {
  return ok(await w.get(`/v2/billing-runs/${id}/`));
}

/** The essentials of a run for literal comparisons. */
export const brief = (r: any) => ({
  kind: r.kind,
  state: r.state,
  start: r.period_start_at,
  end: r.period_end_at,
  subtotal: r.subtotal_amount,
  tax: r.tax_amount,
  total: r.total_amount,
  attempts: r.attempt_count,
});

/** The essentials of a run line. */
export const lineBrief = (l: any) => ({
  price: l.price_id,
  version: l.price_version_id,
  qty: l.quantity,
  unit: l.unit_amount,
  factor: l.proration_factor,
  line: l.line_total_amount,
  subtotal: l.line_subtotal_amount,
  tax: l.line_tax_amount,
  start: l.service_period_start_at,
  end: l.service_period_end_at,
  reason: l.proration_reason,
  kind: l.kind,
});

/** Adds a verified active card (sandbox token) for a customer of the world. */
export async function addCard(w: World, customerId: number, number: string) {
  return db().paymentMethod.create({
    data: {
      accountId: w.accountId,
      customerId,
      processorId: w.ids.cardProcessor,
      collectionMethod: "card",
      verified: true,
      state: "active",
      cardBrand: "visa",
      cardLast4: number.slice(-4),
      cardExpMonth: 12,
      cardExpYear: 2030,
      token: `tok_sandbox_${number}`,
    },
  });
}

/** Version id of a price in effect at `when`. */
export async function versionIdAt(priceId: number, when: string) {
  const vs = await db().priceVersion.findMany({ where: { priceId }, orderBy: { id: "asc" } });
  const t = new Date(when);
  const v = vs.find((x) => (!x.effectiveFrom || x.effectiveFrom <= t) && (!x.effectiveTo || t < x.effectiveTo));
  if (!v) throw new Error(`no version of price ${priceId} at ${when}`);
  return v.id;
}

/** ISO string helper for the first day of month m (1-based) of year y at midnight UTC, or day d. */
export const utc = (y: number, m: number, d = 1) => new Date(Date.UTC(y, m - 1, d)).toISOString();
