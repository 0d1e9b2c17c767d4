// What the API must show at an instant for a contract of the oracle model (oracle-model.ts): the
// contract fields of spec 2.6 that follow from billing, and each billing run with lines and attempts (2.9).
import { days, f4, f6, iso, toCents } from "./oracle-math";
import { type MContract, type MItem, type MRun, runDue, runTotal } from "./oracle-model";

/** An item's entitled_until: its period end capped by a cancellation (decisions: Contracts). */
const entitledUntil = (c: MContract, i: MItem) =>
  [c.cancelAt, c.endedAt].reduce<Date>((u, cap) => (cap && +cap < +u ? cap : u), i.periodEnd);

export function expectedContract(c: MContract, now: Date) {
  const paused = c.pauses.some((p) => +p.start <= +now && +now < +p.end);
  const live =
    +now >= +c.anchor && (c.state === "active" || (c.state === "canceled" && !!c.endedAt && +now < +c.endedAt));
  const until = (i: MItem) => entitledUntil(c, i);
  const pastDue = c.attention && !!c.pastDueSince && +now - +c.pastDueSince >= days(3);
  const on = c.items.filter((i) => +now < +until(i)).length;
  const service =
    !live || paused
      ? "inactive"
      : pastDue
        ? "past_due"
        : on === 0
          ? "inactive"
          : on < c.items.length
            ? "partial"
            : "active";
  // the latest billing run is the one with the latest billed period (its end; then the newest)
  const latest = [...c.runs]
    .map((r, k) => ({ r, k }))
    .sort((a, b) => +a.r.end - +b.r.end || a.k - b.k)
    .at(-1);
  return {
    state: c.state,
    recurring: c.recurring,
    next_billing_at: iso(c.nextBillingAt),
    cancel_at_period_end: c.cancelAtPeriodEnd,
    cancel_at: iso(c.cancelAt),
    canceled_at: iso(c.canceledAt),
    ended_at: iso(c.endedAt),
    billing_attention_required: c.attention,
    service_state: service,
    service_active: service === "active" || service === "partial",
    credit_balance: f4(c.credit),
    has_future_pause: c.pauses.some((p) => +p.start > +now),
    paused_until: paused ? iso(c.pauses.find((p) => +p.start <= +now && +now < +p.end)!.end) : null,
    items: c.items.map((i) => ({
      price_id: i.price.id,
      current_service_period_start_at: iso(i.periodStart),
      current_service_period_end_at: iso(i.periodEnd),
      entitled_until: iso(until(i)),
    })),
    latest_billing_run: latest
      ? { run: latest.k, period_start_at: iso(latest.r.start), period_end_at: iso(latest.r.end) }
      : null,
    initial_billing_run:
      c.runs[0]?.kind === "initial"
        ? { run: 0, period_start_at: iso(c.runs[0].start), period_end_at: iso(c.runs[0].end) }
        : null,
  };
}

export function expectedRun(r: MRun) {
  const total = runTotal(r);
  const due = runDue(r);
  const charged = toCents(due);
  const sum = (k: "subtotal" | "tax") => r.lines.reduce((a, l) => a + l[k], 0n);
  return {
    kind: r.kind,
    state: r.state,
    currency: "EUR",
    period_start_at: iso(r.start),
    period_end_at: iso(r.end),
    scheduled_at: iso(r.scheduledAt),
    subtotal_amount: f4(sum("subtotal")),
    tax_amount: f4(sum("tax")),
    total_amount: f4(total),
    attempt_count: r.attempts.length,
    credit_applied_amount: f4(r.creditApplied),
    amount_due: f4(due),
    rounding_adjustment_amount: f4(due - charged),
    charged_amount: f4(charged),
    next_attempt_at: iso(r.nextAttemptAt),
    lines: r.lines.map((l) => ({
      kind: l.kind,
      price_id: l.price.id,
      price_version_id: l.versionId,
      product_name: l.price.product,
      quantity: l.quantity,
      unit_amount: f4(l.unit),
      proration_factor: f6(l.factor),
      line_total_amount: f4(l.line),
      line_subtotal_amount: f4(l.subtotal),
      line_tax_amount: f4(l.tax),
      service_period_start_at: iso(l.start),
      service_period_end_at: iso(l.end),
      proration_reason: l.reason,
    })),
    attempts: r.attempts.map((a) => ({
      attempt_no: a.no,
      state: a.ok ? "succeeded" : "failed",
      amount: f4(a.amount),
      created_at: iso(a.at),
      fail_code: a.ok ? null : "card_declined",
      fail_message: a.ok ? null : "The card was declined.",
    })),
  };
}

/**
 * GET /v2/customer-entitlements/ (spec 4.5) for one customer's contracts: per product, the quantity of
 * the items in service now, the contracts giving it and the latest entitled_until; products by name.
 */
export function expectedEntitlements(contracts: MContract[], now: Date) {
  const products = new Map<
    string,
    { product_name: string; quantity: number; contracts: number[]; entitled_until: string | null }
  >();
  contracts.forEach((c, k) => {
    const view = expectedContract(c, now);
    if (!view.service_active) return;
    for (const i of c.items) {
      if (+now >= +entitledUntil(c, i)) continue;
      const e = products.get(i.price.product) ?? {
        product_name: i.price.product,
        quantity: 0,
        contracts: [],
        entitled_until: null,
      };
      e.quantity += i.def.quantity ?? 1;
      if (!e.contracts.includes(k)) e.contracts.push(k);
      const until = iso(entitledUntil(c, i));
      if (until && (!e.entitled_until || until > e.entitled_until)) e.entitled_until = until;
      products.set(i.price.product, e);
    }
  });
  const list = [...products.values()].sort((a, b) => a.product_name.localeCompare(b.product_name));
  return { service_active: list.length > 0, entitlements: list };
}
