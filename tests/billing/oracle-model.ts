// The billing oracle: an independent model of what the service must do to a portfolio of contracts over
// time, from the spec (2.6, 2.9, 3.1, 4.6, 4.9, 4.10) and docs/decisions.md, in integer ten-thousandths
// (oracle-math.ts). The test applies the same events to the service and to this model and compares.
//
// Rules modelled (decisions.md): runs bill in advance at next_billing_at each item whose period ended,
// for its next period at the version in effect at that period's start, less paused time; the first
// period is free under initial_billing_mode none and billed by an initial run under create_initial_run;
// dunning retries 1, 3, 5 days after each failure, the 4th failure exhausts; past_due 3 days after the
// first unpaid failure; a manual retry makes one attempt. Contract credit is never used automatically; an adjustment
// run's period spans its lines; the processor is charged the amount due rounded half-up to cents, the
// run shows due − charged as rounding_adjustment_amount.
import {
  dayOfMonth,
  days,
  factorOf,
  type Interval,
  lineMoney,
  nextDayOccurrence,
  nextScheduleDate,
  previousScheduleDate,
  type ScheduleRules,
  step,
  type TaxPolicy,
  toCents,
} from "./oracle-math";

export interface PriceDef {
  id: number;
  product: string;
  interval: Interval | null;
  day: number | null;
  schedule?: ScheduleRules;
  tax: TaxPolicy;
  rate: bigint;
  versions: { id: number; unit: bigint; from: Date | null }[];
}
export interface ItemDef {
  price: PriceDef;
  quantity?: number;
  discount?: bigint;
  override?: bigint;
}
export interface ContractDef {
  customer: "good" | "declining";
  items: ItemDef[];
  mode: "none" | "create_initial_run";
  tz?: string;
  time?: string;
  autoApplyCredit?: boolean;
}

export interface MLine {
  kind: string;
  price: PriceDef;
  versionId: number;
  quantity: number;
  unit: bigint;
  factor: bigint;
  line: bigint;
  subtotal: bigint;
  tax: bigint;
  start: Date;
  end: Date;
  reason: string | null;
}
export interface MAttempt {
  no: number;
  at: Date;
  ok: boolean;
  amount: bigint;
}
export interface MRun {
  kind: string;
  start: Date;
  end: Date;
  scheduledAt: Date;
  lines: MLine[];
  state: string;
  attempts: MAttempt[];
  nextAttemptAt: Date | null;
  manual: boolean;
  creditApplied: bigint;
}
export interface MItem {
  def: ItemDef;
  price: PriceDef;
  periodStart: Date;
  periodEnd: Date;
}
interface MPause {
  start: Date;
  end: Date;
  state: "scheduled" | "active" | "completed";
}

export interface MContract {
  name: string;
  def: ContractDef;
  anchor: Date;
  tz: string;
  time: string;
  fixedDay: number | null;
  state: string;
  recurring: boolean;
  nextBillingAt: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
  items: MItem[];
  pauses: MPause[];
  pending: MLine[];
  runs: MRun[];
  credit: bigint;
  attention: boolean;
  pastDueSince: Date | null;
  cardGood: boolean;
}

const RETRY_DAYS = [1, 3, 5];
const max = (a: Date, b: Date) => (+a > +b ? a : b);
const min = (a: Date, b: Date) => (+a < +b ? a : b);

function versionAt(p: PriceDef, at: Date) {
  const live = p.versions.filter((v) => !v.from || +v.from <= +at);
  return live[live.length - 1] ?? p.versions[0];
}

/** The contract's day for a price (its own fixed day or the contract's, spec 4.9), or null. */
const fixedDayOf = (c: MContract, p: PriceDef) => (p.schedule || p.interval === "week" ? null : (p.day ?? c.fixedDay));

/** The full period containing `at` that starts at or before it (anchors) / starting at `at` (anchor-less). */
function fullPeriod(c: MContract, p: PriceDef, at: Date): { start: Date; end: Date } {
  if (p.schedule)
    return { start: previousScheduleDate(p.schedule, at, c.time), end: nextScheduleDate(p.schedule, at, c.time) };
  const day = fixedDayOf(c, p);
  if (day) {
    const end = nextDayOccurrence(new Date(+at - 1), c.tz, day, c.time);
    if (+end === +at) return { start: at, end: step(at, c.tz, p.interval!, 1, day) };
    // between anchor dates: the full period is the one ending at the next occurrence of the day
    const next = nextDayOccurrence(at, c.tz, day, c.time);
    return { start: step(next, c.tz, p.interval!, -1, day), end: next };
  }
  return { start: at, end: step(at, c.tz, p.interval!, 1, dayOfMonth(c.anchor, c.tz)) };
}

function pausedMs(c: MContract, from: Date, to: Date) {
  return c.pauses.reduce((ms, p) => ms + Math.max(0, +min(p.end, to) - +max(p.start, from)), 0);
}

/** A line for [from, to) of an item: factor = covered ÷ the full period; the version in effect at `versionInstant`. */
function priced(
  kind: string,
  it: MItem,
  from: Date,
  to: Date,
  full: { start: Date; end: Date },
  covered: number,
  versionInstant: Date,
  reason: (f: bigint) => string | null,
): MLine {
  const d = it.def;
  const factor = factorOf(covered, +full.end - +full.start);
  const v = versionAt(d.price, versionInstant);
  const unit = d.override ?? v.unit;
  const m = lineMoney(unit, d.quantity ?? 1, d.discount ?? 0n, factor, d.price.tax, d.price.rate);
  return {
    kind,
    price: d.price,
    versionId: v.id,
    quantity: d.quantity ?? 1,
    unit,
    factor,
    ...m,
    start: from,
    end: to,
    reason: reason(factor),
  };
}

export class OracleModel {
  contracts: MContract[] = [];

  create(name: string, def: ContractDef, at: Date): MContract {
    const days31 = def.items.map((i) => i.price.day).filter((d): d is number => d != null);
    const c: MContract = {
      name,
      def,
      anchor: at,
      tz: def.tz ?? "UTC",
      time: def.time ?? "00:00",
      fixedDay: days31[0] ?? null,
      state: "active",
      recurring: true,
      nextBillingAt: null,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
      items: [],
      pauses: [],
      pending: [],
      runs: [],
      credit: 0n,
      attention: false,
      pastDueSince: null,
      cardGood: def.customer === "good",
    };
    for (const d of def.items) {
      // SERVICE DIFFERS (reported to the lead): an item's current service period starts with its service,
      // at the contract's start, as the initial run's line says; the service shows the start of the full
      // anchor period before it (Jan 1 for a day-1 price started Jan 10), a time the contract did not exist.
      const full = fullPeriod(c, d.price, at);
      c.items.push({ def: d, price: d.price, periodStart: at, periodEnd: full.end });
    }
    c.nextBillingAt = new Date(Math.min(...c.items.map((i) => +i.periodEnd)));
    if (def.mode === "create_initial_run") {
      const lines = c.items.map((i) =>
        priced("recurring", i, at, i.periodEnd, fullPeriod(c, i.price, at), +i.periodEnd - +at, at, () => null),
      );
      c.runs.push(newRun("initial", at, c.nextBillingAt, at, lines));
    }
    this.contracts.push(c);
    return c;
  }

  /** Everything due up to `until`, contract by contract, each step at its own instant. */
  advanceTo(until: Date) {
    for (const c of this.contracts) {
      for (let guard = 0; guard < 2000; guard++) {
        const at = nextDue(c, until);
        if (!at) break;
        applyDue(c, at);
        if (c.nextBillingAt && +c.nextBillingAt === +at && (c.state === "active" || c.state === "paused")) bill(c, at);
        for (const r of c.runs) {
          if (
            (r.state === "scheduled" && +r.scheduledAt <= +at) ||
            (r.state === "failed" && r.nextAttemptAt && +r.nextAttemptAt <= +at)
          )
            execute(c, r, at);
        }
      }
    }
  }

  // ---- operations (spec 4.6), each at the instant `now` ----
  cancelAtPeriodEnd(c: MContract) {
    c.cancelAtPeriodEnd = true;
    c.cancelAt = c.nextBillingAt;
  }
  cancelNow(c: MContract, now: Date) {
    Object.assign(c, {
      state: "canceled",
      cancelAtPeriodEnd: false,
      cancelAt: now,
      canceledAt: now,
      endedAt: now,
      recurring: false,
      nextBillingAt: null,
    });
  }
  restart(c: MContract, now: Date) {
    Object.assign(c, {
      state: "active",
      recurring: true,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
      anchor: now,
      nextBillingAt: now,
    });
    for (const i of c.items) {
      i.periodStart = now;
      i.periodEnd = now;
    }
  }
  pause(c: MContract, start: Date, end: Date, now: Date) {
    const current = +start <= +now;
    c.pauses.push({ start, end, state: current ? "active" : "scheduled" });
    if (current) c.state = "paused";
  }
  /** Resume now with create_prorations settled next_invoice: the resumed rest of the current period becomes a pending line. */
  resumeWithProration(c: MContract, now: Date) {
    const p = c.pauses.find((x) => x.state === "active")!;
    const until = p.end;
    p.end = now;
    p.state = "completed";
    c.state = "active";
    for (const i of c.items) {
      const from = max(now, i.periodStart),
        to = min(until, i.periodEnd);
      if (+to <= +from) continue;
      c.pending.push(
        priced(
          "proration",
          i,
          from,
          to,
          { start: i.periodStart, end: i.periodEnd },
          +to - +from,
          i.periodStart,
          () => "resumed",
        ),
      );
    }
  }
  /** items/update of the price with create_prorations: invoice_now (adjustment run) or credit_balance (credit). */
  changePrice(c: MContract, index: number, price: PriceDef, now: Date, settlement: "invoice_now" | "credit_balance") {
    const i = c.items[index];
    const period = { start: i.periodStart, end: i.periodEnd };
    const credit = priced(
      "proration",
      i,
      now,
      i.periodEnd,
      period,
      +i.periodEnd - +now,
      period.start,
      () => "price_changed",
    );
    const next = { ...i, def: { ...i.def, price }, price };
    const charge = priced(
      "proration",
      next,
      now,
      i.periodEnd,
      period,
      +i.periodEnd - +now,
      period.start,
      () => "price_changed",
    );
    for (const k of ["line", "subtotal", "tax"] as const) credit[k] = -credit[k];
    const net = charge.subtotal + charge.tax + credit.subtotal + credit.tax;
    c.items[index] = next;
    if (settlement === "credit_balance" && net < 0n) c.credit += -net;
    if (settlement === "invoice_now" && net > 0n) {
      c.runs.push(newRun("adjustment", now, now, now, [credit, charge]));
    }
  }
  manualRetry(r: MRun, now: Date) {
    r.state = "failed";
    r.nextAttemptAt = now;
    r.manual = true;
  }
  /** Explicit use of contract credit on a waiting run; a run left with nothing to charge is settled now. */
  applyCredit(c: MContract, r: MRun, amount: bigint | null) {
    const due = runDue(r);
    const use = amount ?? (c.credit < due ? c.credit : due); // bigint: no Math.min
    r.creditApplied += use;
    c.credit -= use;
    if (toCents(runDue(r)) <= 0n) settle(c, r);
  }
}

/**
 * A run's period spans its lines' service periods (for adjustment runs; the service applies
 * it to every run, which the spec's next_invoice rule supports: the first regular run "includes the
 * initial period and the next regular period"); a run without lines keeps the period it billed.
 */
function newRun(kind: string, start: Date, end: Date, scheduledAt: Date, lines: MLine[]): MRun {
  if (lines.length) {
    start = new Date(Math.min(...lines.map((l) => +l.start)));
    end = new Date(Math.max(...lines.map((l) => +l.end)));
  }
  return {
    kind,
    start,
    end,
    scheduledAt,
    lines,
    state: "scheduled",
    attempts: [],
    nextAttemptAt: null,
    manual: false,
    creditApplied: 0n,
  };
}

function nextDue(c: MContract, until: Date): Date | null {
  const cand: Date[] = [];
  const live = c.state === "active" || c.state === "paused";
  if (live && c.nextBillingAt && !c.runs.some((r) => r.kind === "regular" && +r.start === +c.nextBillingAt!))
    cand.push(c.nextBillingAt);
  if (live && c.cancelAt) cand.push(c.cancelAt);
  for (const p of c.pauses) if (p.state !== "completed") cand.push(p.state === "scheduled" ? p.start : p.end);
  for (const r of c.runs) {
    if (r.state === "scheduled") cand.push(r.scheduledAt);
    if (r.state === "failed" && r.nextAttemptAt) cand.push(r.nextAttemptAt);
  }
  const due = cand.filter((d) => +d <= +until).sort((a, b) => +a - +b);
  return due[0] ?? null;
}

/** Pause windows starting and ending, a scheduled cancellation reached (spec 3.1). */
function applyDue(c: MContract, at: Date) {
  for (const p of c.pauses) {
    if (p.state === "scheduled" && +p.start <= +at && +at < +p.end && c.state === "active") {
      p.state = "active";
      c.state = "paused";
    } else if (p.state !== "completed" && +p.end <= +at) {
      p.state = "completed";
      if (c.state === "paused") c.state = "active";
    }
  }
  if ((c.state === "active" || c.state === "paused") && c.cancelAt && +c.cancelAt <= +at) {
    Object.assign(c, {
      state: "canceled",
      cancelAtPeriodEnd: false,
      canceledAt: at,
      endedAt: c.cancelAt,
      recurring: false,
      nextBillingAt: null,
    });
  }
}

/** The regular run at `at`: each item whose period ended bills its next period in advance, less paused time. */
function bill(c: MContract, at: Date) {
  const lines: MLine[] = [];
  for (const i of c.items) {
    if (+i.periodEnd > +at) continue;
    const full = fullPeriod(c, i.price, i.periodEnd);
    const service = { start: i.periodEnd, end: full.end };
    const paused = pausedMs(c, service.start, service.end);
    const billed = +service.end - +service.start - paused;
    i.periodStart = service.start;
    i.periodEnd = service.end;
    if (billed <= 0) continue;
    lines.push(
      priced("recurring", i, service.start, service.end, full, billed, service.start, (f) =>
        f === 1_000_000n ? null : paused > 0 ? "paused" : "partial_period",
      ),
    );
  }
  lines.push(...c.pending);
  c.pending = [];
  c.nextBillingAt = new Date(Math.min(...c.items.map((i) => +i.periodEnd)));
  c.runs.push(newRun("regular", at, c.nextBillingAt, at, lines));
}

export const runTotal = (r: MRun) => r.lines.reduce((a, l) => a + l.subtotal + l.tax, 0n);
export const runDue = (r: MRun) => {
  const due = runTotal(r) - r.creditApplied;
  return due < 0n ? 0n : due;
};

function settle(c: MContract, r: MRun) {
  r.state = "succeeded";
  r.nextAttemptAt = null;
  c.attention = false;
  c.pastDueSince = null;
}

/** One attempt (or none when nothing is due); the sandbox card of the customer decides. */
function execute(c: MContract, r: MRun, at: Date) {
  // credit is used automatically only by contracts that opted in (auto_apply_credit)
  if (c.def.autoApplyCredit && r.creditApplied === 0n && r.attempts.length === 0 && c.credit > 0n) {
    const total = runTotal(r);
    const use = c.credit < total ? c.credit : total; // bigint: no Math.min
    r.creditApplied = use;
    c.credit -= use;
  }
  const charged = toCents(runDue(r)); // the processor is charged whole cents
  if (charged <= 0n) return settle(c, r);
  const no = r.attempts.length + 1;
  r.attempts.push({ no, at, ok: c.cardGood, amount: charged });
  if (c.cardGood) return settle(c, r);
  const next = r.manual || no > RETRY_DAYS.length ? null : new Date(+at + days(RETRY_DAYS[no - 1]));
  r.state = next ? "failed" : "exhausted";
  r.nextAttemptAt = next;
  r.manual = false;
  c.attention = true;
  c.pastDueSince ??= at;
}
