// What can still go back on a run, for the run page's actions and the refund/credit dialog alike (the dialog
// itself loads only when opened, so this stays out of it).
import Decimal from "decimal.js";
import type { Run } from "./runDetailColumns";

export const dec = (s: string | null | undefined) => new Decimal(s || 0);

/** What can still go back on the run: its payments less what was refunded or is held, and less credit notes. */
export function remainingOf(run: Run): string {
  const paid = dec(run.charged_amount);
  const refundable = paid.minus(dec(run.refunded_amount)).minus(dec(run.disputed_amount));
  const creditable = paid.plus(dec(run.credit_applied_amount)).minus(dec(run.credited_amount));
  return Decimal.max(0, Decimal.min(refundable, creditable)).toFixed(4);
}
