// A year of money flowing back, checked against this file's own ledger (integer ten-thousandths, half-up
// rounding to cents, never server/domain): every month partial and full refunds by amount, refunds by line
// over part of a period, split credit notes, credits to a balance the next run uses (auto_apply_credit),
// voids, payments marked paid, write-offs and disputes won and lost, all through REST and the test clock.
// At the end every credit note (number, kind, lines' totals, tax, settlement), every run (state, totals,
// charged, credit applied, refunded, credited, disputed), both credit balances and the dashboard's collected
// and refunded figures are compared with the ledger.
//   Streaming Basic 9.90 + 24 % = 12.2760 (charged 12.28); Sports 5.00 + 1.20 and Kids 4.00 + 0.96 = 11.16.
import { afterEach, expect, it } from "vitest";
import { billedAndCollected } from "@/server/domain/dashboard/figures";
import { advance, at, createContract, newWorld, ok, runsOf, type World } from "@/tests/billing/_world";
import { divHalfUp, f4, p4 } from "@/tests/billing/oracle-math";
import { ctxFor } from "@/tests/helpers";

afterEach(() => at(null));

const T0 = "2026-01-10T00:00:00.000Z";
const CENT = 100n;
/** ten-thousandths rounded half-up to whole cents (n ≥ 0) */
const cents = (v: bigint) => divHalfUp(v, CENT) * CENT;
/** a × b ÷ c rounded half-up to whole cents */
const share = (a: bigint, b: bigint, c: bigint) => divHalfUp(a * b, c * CENT) * CENT;
const dayOf = (month: number, day: number) => new Date(Date.UTC(2026, month - 1, day)).toISOString();

interface LLine {
  id: number;
  product: string;
  sub: bigint;
  tax: bigint;
  start: Date;
  end: Date;
}
interface LRun {
  id: number;
  contract: string;
  state: string;
  total: bigint;
  tax: bigint;
  lines: LLine[];
  applied: bigint;
  charged: bigint;
  paid: bigint;
  refunded: bigint;
  credited: bigint;
  held: bigint;
  /** the payment was recorded outside the processor: refunds go back outside it too */
  outside: boolean;
}
interface LNote {
  number: string;
  run: number;
  kind: string;
  sub: bigint;
  tax: bigint;
  total: bigint;
  refund: bigint;
  credit: bigint;
}
interface Payment {
  at: string;
  amount: bigint;
}

it("a year of refunds, credit notes, voids, marks paid, write-offs and disputes matches the ledger", async () => {
  const w: World = await newWorld();
  at(T0);
  const contracts: Record<string, number> = {};
  const open = async (name: string, body: Record<string, unknown>) => {
    contracts[name] = (await createContract(w, body)).id;
  };
  const basic = { items: [{ price: w.ids.basicMonthly }] };
  await open("refunds", { ...basic, customer_reference: "cust-1001" });
  await open("by line", {
    customer_reference: "cust-1001",
    items: [{ price: w.ids.sportsMonthly }, { price: w.ids.kidsMonthly }],
  });
  await open("auto credit", { ...basic, customer_reference: "cust-1001", auto_apply_credit: true });
  await open("declining", { ...basic, customer_reference: "cust-1002" });
  await open("disputes", { ...basic, customer_reference: "cust-1001" });

  const runs = new Map<number, LRun>();
  const notes: LNote[] = [];
  const payments: Payment[] = [];
  const refunds: Payment[] = [];
  const balance: Record<string, bigint> = { refunds: 0n, "auto credit": 0n };
  let now = T0;
  const move = async (to: string) => {
    await advance(w, to);
    at(to);
    now = to;
  };

  /** The ledger's run for the month's new run of `name`: its amounts from the catalog, not from the answer. */
  async function newRun(name: string, month: number): Promise<LRun> {
    const listed = (await runsOf(w, contracts[name])).find((r) => r.period_start_at === dayOf(month, 10));
    expect(listed, `${name}: run of month ${month}`).toBeDefined();
    const start = new Date(dayOf(month, 10));
    const end = new Date(dayOf(month + 1, 10));
    const line = (l: any, sub: string, tax: string): LLine => ({
      id: l.id,
      product: l.product_name,
      sub: p4(sub),
      tax: p4(tax),
      start,
      end,
    });
    const lines: LLine[] =
      name === "by line"
        ? listed.lines.map((l: any) =>
            l.product_name.startsWith("Sports") ? line(l, "5.00", "1.20") : line(l, "4.00", "0.96"),
          )
        : [line(listed.lines[0], "9.90", "2.376")];
    const total = lines.reduce((a: bigint, l: LLine) => a + l.sub + l.tax, 0n);
    const tax = lines.reduce((a: bigint, l: LLine) => a + l.tax, 0n);
    // auto_apply_credit: the run takes as much of the balance as covers it, then charges the rest in cents
    const applied = name === "auto credit" ? (balance[name] < total ? balance[name] : total) : 0n;
    if (name === "auto credit") balance[name] -= applied;
    const charged = cents(total - applied);
    const paid = name === "declining" ? 0n : charged;
    if (paid > 0n) payments.push({ at: dayOf(month, 10), amount: paid });
    const run: LRun = {
      id: listed.id,
      contract: name,
      state: name === "declining" ? "failed" : "succeeded",
      total,
      tax,
      lines,
      applied,
      charged,
      paid,
      refunded: 0n,
      credited: 0n,
      held: 0n,
      outside: false,
    };
    runs.set(run.id, run);
    return run;
  }

  /** POST …/refunds/ or …/credit-notes/ and the ledger's credit note for it. */
  async function credit(
    run: LRun,
    path: "refunds" | "credit-notes",
    body: Record<string, unknown>,
    expected: { lines: { sub: bigint; tax: bigint }[]; refund?: bigint },
  ) {
    const sub = expected.lines.reduce((a, l) => a + l.sub, 0n);
    const tax = expected.lines.reduce((a, l) => a + l.tax, 0n);
    const total = sub + tax;
    const refund = expected.refund ?? (path === "refunds" ? total : 0n);
    const answer = ok(await w.post(`/v2/billing-runs/${run.id}/${path}/`, { reason: "ledger", ...body }), 201);
    const note: LNote = {
      number: `CN-${String(notes.length + 1).padStart(6, "0")}`,
      run: run.id,
      kind: path === "refunds" && refund > 0n ? "refund" : "credit",
      sub,
      tax,
      total,
      refund,
      credit: total - refund,
    };
    notes.push(note);
    run.credited += total;
    run.refunded += refund;
    if (refund > 0n) refunds.push({ at: now, amount: refund });
    balance[run.contract] = (balance[run.contract] ?? 0n) + note.credit;
    expect(answer.number).toBe(note.number);
    return answer;
  }

  /** By amount: tax in the run's proportion, rounded to the cent. */
  const byAmount = (run: LRun, amount: bigint) => {
    const tax = share(amount, run.tax, run.total);
    return [{ sub: amount - tax, tax }];
  };
  /** A line over [from, end): subtotal and tax times the part of its period, each rounded to the cent. */
  const byLine = (line: LLine, from: Date) => {
    const span = BigInt(+line.end - +from);
    const length = BigInt(+line.end - +line.start);
    return [{ sub: share(line.sub, span, length), tax: share(line.tax, span, length) }];
  };

  const partials = ["4.37", "0.01", "7.77", "12.27", "1.99", "6.14"];
  let markedPaid: LRun | null = null;
  for (let month = 2; month <= 12; month++) {
    const k = month - 2;
    await move(dayOf(month, 12));
    const a = await newRun("refunds", month);
    const b = await newRun("by line", month);
    const e = await newRun("auto credit", month);
    const c = await newRun("declining", month);
    const d = await newRun("disputes", month);

    // full refunds, partial ones, and split credit notes (the balance part kept, never used unasked)
    if (k % 3 === 0) await credit(a, "refunds", { amount: f4(a.paid) }, { lines: byAmount(a, a.paid) });
    else if (k % 3 === 1) {
      const first = p4(partials[k % partials.length]);
      await credit(a, "refunds", { amount: f4(first) }, { lines: byAmount(a, first) });
      const rest = a.paid - first;
      const over = await w.post(`/v2/billing-runs/${a.id}/refunds/`, { amount: f4(rest + CENT), reason: "over" });
      expect(over.status).toBe(400);
      await credit(a, "refunds", { amount: f4(rest) }, { lines: byAmount(a, rest) });
    } else
      await credit(
        a,
        "credit-notes",
        { amount: "6.00", refund_amount: "1.00" },
        { lines: byAmount(a, p4("6")), refund: p4("1") },
      );

    // the Kids line refunded from the 20th to the period's end (month lengths vary the share)
    const kids = b.lines.find((l) => l.product.startsWith("Kids"))!;
    const from = new Date(dayOf(month, 20));
    await credit(
      b,
      "refunds",
      { lines: [{ line_id: kids.id, period_start_at: from.toISOString() }] },
      { lines: byLine(kids, from) },
    );

    // a goodwill credit the next run uses by itself
    await credit(e, "credit-notes", { amount: "3.00" }, { lines: byAmount(e, p4("3")) });

    // the run marked paid last month is refunded 1.00 outside the processor
    if (markedPaid) {
      await credit(markedPaid, "refunds", { amount: "1.00" }, { lines: byAmount(markedPaid, p4("1")) });
      markedPaid = null;
    }

    // disputes: lost in full, won, and lost in part after a refund
    if (month === 4 || month === 7 || month === 10) {
      if (month === 10) await credit(d, "refunds", { amount: "2.00" }, { lines: byAmount(d, p4("2")) });
      const amount = month === 4 ? d.paid : month === 7 ? p4("5") : p4("4");
      const dispute = ok(await w.post(`/v2/billing-runs/${d.id}/disputes/`, { amount: f4(amount) }), 201);
      const outcome = month === 7 ? "won" : "lost";
      ok(await w.post(`/v2/disputes/${dispute.id}/close/`, { outcome }));
      if (outcome === "lost") {
        const total = amount;
        const [line] = byAmount(d, total);
        notes.push({
          number: `CN-${String(notes.length + 1).padStart(6, "0")}`,
          run: d.id,
          kind: "dispute",
          sub: line.sub,
          tax: line.tax,
          total,
          refund: total,
          credit: 0n,
        });
        d.credited += total;
        d.refunded += total;
        refunds.push({ at: now, amount: total });
      }
    }
    if (month === 12) {
      // an open dispute holds its amount until it closes
      ok(await w.post(`/v2/billing-runs/${d.id}/disputes/`, { amount: "3.00" }), 201);
      d.held = p4("3");
    }

    // the declining customer's run: exhausted on the 19th, then voided, marked paid or written off
    await move(dayOf(month, 20));
    c.state = "exhausted";
    const fate = k % 3;
    if (fate === 0) {
      ok(await w.post(`/v2/billing-runs/${c.id}/void/`, { reason: "ledger" }));
      c.state = "voided";
    } else if (fate === 1) {
      ok(await w.post(`/v2/billing-runs/${c.id}/mark-paid/`, { method: "bank_transfer", reference: `TRF-${month}` }));
      c.state = "succeeded";
      c.paid = c.charged;
      c.outside = true;
      payments.push({ at: now, amount: c.paid });
      markedPaid = c;
    } else {
      ok(await w.post(`/v2/billing-runs/${c.id}/write-off/`, { reason: "ledger" }));
      c.state = "written_off";
    }
  }
  await move("2027-01-08T12:00:00.000Z");

  // every credit note, in the order issued
  const listed = (
    await Promise.all(Object.values(contracts).map(async (id) => ok(await w.get(`/v2/credit-notes/?contract=${id}`))))
  )
    .flat()
    .sort((x: any, y: any) => x.sequence - y.sequence);
  expect(listed.map((n: any) => n.number)).toEqual(notes.map((n) => n.number));
  for (const [i, n] of notes.entries()) {
    const got = listed[i];
    const where = `${n.number} on run ${n.run}`;
    expect(
      {
        run: got.billing_run_id,
        kind: got.kind,
        sub: got.subtotal_amount,
        tax: got.tax_amount,
        total: got.total_amount,
        refund: got.refund_amount,
        credit: got.credit_amount,
        refunded: got.refunded_amount,
        lines: f4(got.lines.reduce((a: bigint, l: any) => a + p4(l.total_amount), 0n)),
      },
      where,
    ).toEqual({
      run: n.run,
      kind: n.kind,
      sub: f4(n.sub),
      tax: f4(n.tax),
      total: f4(n.total),
      refund: f4(n.refund),
      credit: f4(n.credit),
      refunded: f4(n.refund),
      lines: f4(n.total),
    });
    const outside = runs.get(n.run)!.outside;
    if (n.refund > 0n)
      expect(
        got.refunds.map((r: any) => [r.method, r.state]),
        where,
      ).toEqual([[n.kind === "dispute" ? "chargeback" : outside ? "outside" : "processor", "succeeded"]]);
  }

  // every run
  for (const run of runs.values()) {
    const got = ok(await w.get(`/v2/billing-runs/${run.id}/`));
    expect(
      {
        state: got.state,
        total: got.total_amount,
        applied: got.credit_applied_amount,
        charged: got.charged_amount,
        refunded: got.refunded_amount,
        credited: got.credited_amount,
        disputed: got.disputed_amount,
      },
      `run ${run.id} of ${run.contract}`,
    ).toEqual({
      state: run.state,
      total: f4(run.total),
      applied: f4(run.applied),
      charged: f4(run.charged),
      refunded: f4(run.refunded),
      credited: f4(run.credited),
      disputed: f4(run.held),
    });
  }

  // the credit balances: split credit notes kept on "refunds"; "auto credit" used each month by the next run
  for (const name of ["refunds", "auto credit"]) {
    const got = ok(await w.get(`/v2/subscription-contracts/${contracts[name]}/`));
    expect(got.credit_balance, `credit balance of ${name}`).toBe(f4(balance[name]));
  }

  // the dashboard over its 30 days: payments recorded less refunds settled
  const windowStart = +new Date(now) - 30 * 86_400_000;
  const inWindow = (list: Payment[]) =>
    list
      .filter((p) => +new Date(p.at) > windowStart && +new Date(p.at) <= +new Date(now))
      .reduce((x, p) => x + p.amount, 0n);
  const figures = await billedAndCollected(ctxFor(w.accountId, now));
  const eur = (list: { currency: string; amount: string }[]) => list.find((x) => x.currency === "EUR")?.amount;
  expect({ collected: eur(figures.collected), refunded: eur(figures.refunded) }).toEqual({
    collected: f4(inWindow(payments) - inWindow(refunds)),
    refunded: f4(inWindow(refunds)),
  });
}, 300_000);
