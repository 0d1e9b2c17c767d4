// Retention and value per month and currency (docs/decisions.md "Revenue analytics"), all from the
// movements: logo churn rate, revenue churn rate, net revenue retention, ARPA, customer lifetime value, and
// the cohort table (customers by the month they first paid × months since: share still paying, revenue
// retained). Rates are fractions with four decimals ("0.0500" is 5 %); amounts four-digit strings.
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { fmt4 } from "@/server/domain/money";
import { type AnalyticsBase, type AnalyticsInput, analyticsBase } from "./base";
import { monthMovements } from "./movements";
import { addMonths, monthsBetween } from "./range";

const ratio = (num: Decimal | number, den: Decimal | number): Decimal | null =>
  new Decimal(den).isZero() ? null : new Decimal(num).div(den);
const fmtRate = (v: Decimal | null) => (v === null ? null : v.toFixed(4, Decimal.ROUND_HALF_UP));
const fmtMoney = (v: Decimal | null) => (v === null ? null : fmt4(v));

/** The figures of one month; rates null when their denominator is zero. */
function monthFigures(m: ReturnType<typeof monthMovements>[number]) {
  const lost = m.moves.churn.amount.plus(m.moves.contraction.amount).negated();
  const logoChurn = ratio(m.moves.churn.customers, m.openingCustomers);
  const arpa = ratio(m.closing, m.closingCustomers);
  return {
    month: m.month,
    opening_customers: m.openingCustomers,
    new_customers: m.moves.new.customers,
    reactivated_customers: m.moves.reactivation.customers,
    churned_customers: m.moves.churn.customers,
    closing_customers: m.closingCustomers,
    opening_mrr: fmt4(m.opening),
    closing_mrr: fmt4(m.closing),
    logo_churn_rate: fmtRate(logoChurn),
    revenue_churn_rate: fmtRate(ratio(lost, m.opening)),
    net_revenue_retention: fmtRate(
      ratio(
        m.opening.plus(m.moves.expansion.amount).plus(m.moves.contraction.amount).plus(m.moves.churn.amount),
        m.opening,
      ),
    ),
    arpa: fmtMoney(arpa),
    ltv: fmtMoney(arpa && logoChurn && !logoChurn.isZero() ? arpa.div(logoChurn) : null),
  };
}

/** Over the whole range: customer-month weighted rates, ARPA at the end, LTV from both. */
function rangeFigures(months: ReturnType<typeof monthMovements>) {
  const sum = (f: (m: (typeof months)[number]) => Decimal | number) =>
    months.reduce((acc, m) => acc.plus(f(m)), new Decimal(0));
  const customerMonths = sum((m) => m.openingCustomers);
  const openingMrr = sum((m) => m.opening);
  const logoChurn = ratio(
    sum((m) => m.moves.churn.customers),
    customerMonths,
  );
  const last = months[months.length - 1];
  const arpa = ratio(last.closing, last.closingCustomers);
  return {
    logo_churn_rate: fmtRate(logoChurn),
    revenue_churn_rate: fmtRate(
      ratio(sum((m) => m.moves.churn.amount.plus(m.moves.contraction.amount)).negated(), openingMrr),
    ),
    net_revenue_retention: fmtRate(
      ratio(
        sum((m) =>
          m.opening.plus(m.moves.expansion.amount).plus(m.moves.contraction.amount).plus(m.moves.churn.amount),
        ),
        openingMrr,
      ),
    ),
    arpa: fmtMoney(arpa),
    ltv: fmtMoney(arpa && logoChurn && !logoChurn.isZero() ? arpa.div(logoChurn) : null),
  };
}

/** Cohorts starting in the range, cells up to the range's end or the current month, whichever is first. */
function cohortTable(base: AnalyticsBase, currency: string) {
  const last = monthsBetween(base.range.current, base.range.to) > 0 ? base.range.current : base.range.to;
  const moves = base.cohorts.get(currency) ?? [];
  const starts = [...new Set(moves.map((m) => m.cohort))].sort();
  return starts.map((cohort) => {
    const own = moves.filter((m) => m.cohort === cohort);
    let paying = 0;
    let mrr = new Decimal(0);
    const cells = [];
    for (let since = 0; since <= monthsBetween(cohort, last); since++) {
      const month = addMonths(cohort, since);
      const move = own.find((m) => m.month === month);
      if (move) {
        paying += move.paying;
        mrr = mrr.plus(move.amount);
      }
      cells.push({ months_since: since, month, customers: paying, mrr });
    }
    const size = cells[0]?.customers ?? 0;
    const startMrr = cells[0]?.mrr ?? new Decimal(0);
    return {
      cohort,
      customers: size,
      mrr: fmt4(startMrr),
      cells: cells.map((cell) => ({
        months_since: cell.months_since,
        month: cell.month,
        customers: cell.customers,
        mrr: fmt4(cell.mrr),
        share_paying: fmtRate(ratio(cell.customers, size)),
        revenue_retained: fmtRate(ratio(cell.mrr, startMrr)),
      })),
    };
  });
}

export async function retention(ctx: Ctx, input: AnalyticsInput) {
  const base = await analyticsBase(ctx, input);
  return {
    currency: input.currency ?? null,
    from: base.range.from,
    to: base.range.to,
    time_zone: base.range.zone,
    now: base.range.now.toISOString(),
    currencies: base.currencies.map((currency) => {
      const months = monthMovements(base, currency);
      return {
        currency,
        months: months.map(monthFigures),
        summary: rangeFigures(months),
        cohorts: cohortTable(base, currency),
      };
    }),
  };
}
