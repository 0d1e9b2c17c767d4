// What can still go back on a run, for the run page's actions and the refund/credit dialog alike (the dialog
// itself loads only when opened, so this stays out of it). Exact arithmetic on the API's four-digit decimal
// strings in BigInt ten-thousandths, so that the page needs no decimal library (bench:admin's JS per page).
import type { Run } from "./runDetailColumns";

const SCALE = 4;
const UNIT = 10n ** BigInt(SCALE);

/** "12.2800" → 122800n (ten-thousandths); more digits round half away from zero, as Decimal's toFixed does. */
function units(s: string | null | undefined): bigint {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec((s ?? "").trim());
  if (!m || (m[2] === "" && !m[3])) return 0n;
  const [, sign, whole, fraction = ""] = m;
  let n = BigInt(whole || "0") * UNIT + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, "0"));
  if (fraction.length > SCALE && fraction[SCALE] >= "5") n += 1n;
  return sign === "-" ? -n : n;
}

/** 122800n → "12.2800" */
function fixed(n: bigint): string {
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? "-" : ""}${abs / UNIT}.${(abs % UNIT).toString().padStart(SCALE, "0")}`;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** What can still go back on the run: its payments less what was refunded or is held, and less credit notes. */
export function remainingOf(run: Run): string {
  const paid = units(run.charged_amount);
  const refundable = paid - units(run.refunded_amount) - units(run.disputed_amount);
  const creditable = paid + units(run.credit_applied_amount) - units(run.credited_amount);
  const remaining = min(refundable, creditable);
  return fixed(remaining > 0n ? remaining : 0n);
}
