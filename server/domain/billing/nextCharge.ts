// What a contract's next regular run bills, by the billing planner itself (plan.ts planRegularRun, scheduled
// item changes due by then applied first) plus the pending lines waiting for a run: the contract page and the
// contract list both show this, so neither prices differently from the run the worker builds.
import Decimal from "decimal.js";
import type { ContractRecord } from "@/server/domain/contracts/contractRows";
import { withChangesDue } from "@/server/domain/contracts/scheduledApply";
import { fmt4 } from "@/server/domain/money";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import { planRegularRun } from "./plan";
import type { UsageReadings } from "./usageLines";

/** A pending line's amounts (Prisma decimals or strings). */
export type PendingAmounts = { subtotal: { toString(): string }; tax: { toString(): string } };

/** The next regular run's amounts and lines (metered items at `usage`, estimated), or null when the contract bills nothing more (not live, no date). */
export function nextChargeOf(
  c: ContractRecord,
  catalog: CatalogSnapshot,
  pending: PendingAmounts[],
  usage?: UsageReadings,
) {
  if ((c.state !== "active" && c.state !== "paused") || !c.nextBillingAt) return null;
  // metered items: their estimated usage (estimatedUsage), the lines saying "estimate"
  const options = { usage, usageEstimated: true };
  const plan = planRegularRun(withChangesDue(c, catalog, c.nextBillingAt), catalog, c.nextBillingAt, options);
  const sum = [...plan.lines.map((l) => ({ subtotal: l.subtotal, tax: l.tax })), ...pending].reduce<{
    subtotal: Decimal;
    tax: Decimal;
  }>((a, l) => ({ subtotal: a.subtotal.plus(String(l.subtotal)), tax: a.tax.plus(String(l.tax)) }), {
    subtotal: new Decimal(0),
    tax: new Decimal(0),
  });
  return {
    at: c.nextBillingAt.toISOString(),
    currency: c.currency,
    subtotal_amount: fmt4(sum.subtotal),
    tax_amount: fmt4(sum.tax),
    total_amount: fmt4(sum.subtotal.plus(sum.tax)),
    lines: plan.lines.map((l) => ({
      product_name: l.productName,
      quantity: l.quantity,
      line_total_amount: String(l.lineTotal),
      description: l.description,
    })),
  };
}
