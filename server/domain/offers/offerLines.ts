// The pieces every part of an offer's compilation shares (compile.ts, compileAddons.ts): the problems
// collected per input key, a line as the input asks for it, and the checks any requested line goes through
// (dates, its price usable) before it becomes a pricing engine line.
import { addFieldError, type FieldErrors, invalidFields } from "@/server/domain/errors";
import { decOf } from "@/server/domain/money";
import type { LineInput, LineSource } from "@/server/domain/pricing/types";
import type { ContractItemInput } from "@/server/schemas/offers";
import type { PricingRecord } from "./terms";
import { toTerms } from "./terms";

/** Every 400 an offer can earn, collected per input key so one answer lists them all (spec 7). */
export class Problems {
  readonly fields: FieldErrors = {};
  add(key: string, message: string) {
    addFieldError(this.fields, key, message);
  }
  get any() {
    return Object.keys(this.fields).length > 0;
  }
  throwIfAny() {
    if (this.any) throw invalidFields(this.fields);
  }
}

export type Overrides = Pick<
  ContractItemInput,
  "unit_amount_override" | "discount_percent" | "start_at" | "end_at" | "metadata"
>;

/** A line the input asks for, before its price is looked up. */
export interface RequestedLine {
  key: string;
  source: LineSource;
  priceId: number;
  quantity: number;
  o?: Overrides;
  refs: LineInput["refs"];
}

/** The input key a line's problems are reported under (a bundle's items were chosen by its selections). */
export const errorKeyOf = (source: LineSource) => (source === "bundle_item" ? "bundle_item_selections" : source);

export function lineFrom(
  key: string,
  source: LineSource,
  price: PricingRecord,
  quantity: number,
  overrides: Overrides | undefined,
  refs: LineInput["refs"],
  createsContractItem: boolean,
): LineInput {
  return {
    key,
    source,
    price: toTerms(price),
    quantity,
    unitAmountOverride: overrides?.unit_amount_override != null ? decOf(String(overrides.unit_amount_override)) : null,
    discountPercent: overrides?.discount_percent != null ? decOf(String(overrides.discount_percent)) : null,
    startAt: overrides?.start_at ? new Date(overrides.start_at) : null,
    endAt: overrides?.end_at ? new Date(overrides.end_at) : null,
    createsContractItem,
    refs,
    metadata: overrides?.metadata ?? {},
  };
}

export function checkDates(p: Problems, key: string, label: string, o: Overrides) {
  if (o.start_at && o.end_at && new Date(o.end_at) <= new Date(o.start_at))
    p.add(key, `${label}: end_at must be after start_at.`);
}

/** The line's price when it exists and can be sold (active, on an active product and billing schedule); else null. */
export function usablePrice(
  problems: Problems,
  prices: Map<number, PricingRecord>,
  line: RequestedLine,
): PricingRecord | null {
  const price = prices.get(line.priceId);
  const key = errorKeyOf(line.source);
  if (!price) return (problems.add(key, `Invalid price id ${line.priceId}: not found.`), null);
  if (!price.active || !price.product.active) return (problems.add(key, `Price ${line.priceId} is not active.`), null);
  if (price.billingSchedule && !price.billingSchedule.active)
    return (problems.add(key, `Price ${line.priceId} uses a deactivated billing schedule.`), null);
  return price;
}
