// What a run asks the processor for. Lines and totals keep four fraction digits (spec 2); a processor
// takes the currency's own units, so the amount due is rounded half-up to the minor unit (ISO 4217) and
// the difference is shown on the run, so that exactly:
//   total_amount − credit_applied_amount − rounding_adjustment_amount = charged_amount
import Decimal from "decimal.js";
import { processorAmount, roundToMinorUnit } from "@/server/domain/currencies";
import { type DecimalLike, dec } from "@/server/domain/money";

export interface RunMoney {
  total: DecimalLike;
  creditApplied: DecimalLike;
  currency: string;
}

export function runCharge(run: RunMoney) {
  const owed = dec(run.total).minus(dec(run.creditApplied));
  const due = owed.lt(0) ? new Decimal(0) : owed;
  const charged = roundToMinorUnit(due, run.currency);
  return {
    /** total less the credit applied (four digits, never negative) */
    due,
    /** the amount due in the currency's minor units: what the processor is (or was) asked for */
    charged,
    /** due − charged: what rounding to the minor unit left out (negative when it rounded up) */
    rounding: due.minus(charged),
    /** the charge as sent to a processor: exactly the currency's fraction digits */
    processorText: processorAmount(due, run.currency),
  };
}
