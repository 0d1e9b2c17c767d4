// Pricing models of metered (and tiered) quantities: per unit, package, graduated and volume tiers. Pure: a
// quantity and a model in, the amount and one breakdown line per tier applied out. Every line is rounded to
// four decimals half-up and the amount is the sum of the lines, so the explanation adds up to the cent.
import type Decimal from "decimal.js";
import { addFieldError, type FieldErrors, invalidFields } from "@/server/domain/errors";
import { dec, fmt4, MoneyDecimal, round4, ZERO } from "@/server/domain/money";

export interface UsageTier {
  /** the tier's last unit (inclusive); null: no end (only the last tier) */
  up_to: string | null;
  unit_amount: string;
  flat_amount: string;
}

export type UsagePricingModel =
  | { model: "per_unit"; unit_amount: string }
  | { model: "package"; package_size: string; package_amount: string }
  | { model: "graduated"; tiers: UsageTier[] }
  | { model: "volume"; tiers: UsageTier[] };

export interface UsageBreakdownLine {
  /** first unit of the range (0 for the first tier) */
  from: Decimal;
  /** last unit of the range counted: the quantity or the tier's end */
  to: Decimal;
  /** units priced on this line (packages for the package model) */
  quantity: Decimal;
  unitAmount: Decimal;
  flatAmount: Decimal;
  /** quantity × unit amount + flat amount, four decimals half-up */
  amount: Decimal;
  /** e.g. "1001–1500 × 0.0080 = 4.0000" */
  label: string;
}

export interface UsagePrice {
  quantity: Decimal;
  amount: Decimal;
  lines: UsageBreakdownLine[];
  /** the lines' labels joined with "; " (empty for a zero quantity) */
  explanation: string;
}

// unit amounts may be fractions of a cent (0.00001 per call); flat and package amounts are money (4 digits)
const UNIT_AMOUNT = /^\d{1,15}(\.\d{1,12})?$/;
const AMOUNT = /^\d{1,15}(\.\d{1,4})?$/;
const QUANTITY = /^\d{1,15}(\.\d{1,12})?$/;

/** A quantity as people read it: no trailing zeros. */
const qty = (d: Decimal) => d.toFixed();
/** A rate as the explanation prints it: at least four decimals, more when the rate has them. */
const rate = (d: Decimal) => (d.decimalPlaces() > 4 ? d.toFixed() : d.toFixed(4));

/**
 * The field messages of a model (empty when it is valid): `{tiers: ["1.up_to: …"]}` for a tier, as other
 * nested inputs report. Tiers: at least one, `up_to` ascending and positive, only the last one open (null).
 */
export function checkUsagePricing(model: UsagePricingModel): FieldErrors {
  const errors: FieldErrors = {};
  const amount = (field: string, v: unknown, pattern: RegExp, what: string) => {
    if (typeof v !== "string" || !pattern.test(v)) addFieldError(errors, field, what);
  };
  const UNIT_MSG = "A non-negative decimal with at most 12 decimal places is required.";
  const AMOUNT_MSG = "A non-negative decimal with at most 4 decimal places is required.";
  switch (model.model) {
    case "per_unit":
      amount("unit_amount", model.unit_amount, UNIT_AMOUNT, UNIT_MSG);
      break;
    case "package":
      amount("package_amount", model.package_amount, AMOUNT, AMOUNT_MSG);
      if (
        typeof model.package_size !== "string" ||
        !/^\d{1,15}$/.test(model.package_size) ||
        dec(model.package_size).lte(0)
      )
        addFieldError(errors, "package_size", "A whole number of units greater than 0 is required.");
      break;
    case "graduated":
    case "volume": {
      const tiers = model.tiers;
      if (!Array.isArray(tiers) || tiers.length === 0) {
        addFieldError(errors, "tiers", "At least one tier is required.");
        break;
      }
      let previous: Decimal | null = null;
      tiers.forEach((tier, i) => {
        const last = i === tiers.length - 1;
        const at = (m: string) => addFieldError(errors, "tiers", `${i}.${m}`);
        if (!UNIT_AMOUNT.test(String(tier.unit_amount ?? ""))) at(`unit_amount: ${UNIT_MSG}`);
        if (!AMOUNT.test(String(tier.flat_amount ?? ""))) at(`flat_amount: ${AMOUNT_MSG}`);
        if (tier.up_to === null) {
          if (!last) at("up_to: Only the last tier may be open (up_to null).");
          return;
        }
        if (!QUANTITY.test(String(tier.up_to))) {
          at("up_to: A positive decimal or null (no end) is required.");
          return;
        }
        const upTo = dec(tier.up_to);
        if (upTo.lte(0)) at("up_to: Must be greater than 0.");
        else if (previous && upTo.lte(previous)) at("up_to: Must be greater than the previous tier's up_to.");
        if (last) at("up_to: The last tier must be open (up_to null).");
        previous = upTo;
      });
      break;
    }
    default:
      addFieldError(errors, "model", "Must be one of: per_unit, package, graduated, volume.");
  }
  return errors;
}

/** Throws the 400 of `checkUsagePricing` when the model is invalid. */
export function assertUsagePricing(model: UsagePricingModel): void {
  const errors = checkUsagePricing(model);
  if (Object.keys(errors).length) throw invalidFields(errors);
}

function line(from: Decimal, to: Decimal, quantity: Decimal, unit: Decimal, flat: Decimal): UsageBreakdownLine {
  const amount = round4(quantity.times(unit).plus(flat));
  const range = from.eq(to) ? qty(from) : `${qty(from)}–${qty(to)}`;
  const flatText = flat.isZero() ? "" : ` + ${fmt4(flat)}`;
  return {
    from,
    to,
    quantity,
    unitAmount: unit,
    flatAmount: flat,
    amount,
    label: `${range} × ${rate(unit)}${flatText} = ${fmt4(amount)}`,
  };
}

/** The first unit shown for a tier starting after `previousEnd` (0 for the first tier). */
const tierStart = (previousEnd: Decimal) => (previousEnd.isZero() ? previousEnd : previousEnd.plus(1));

function graduated(q: Decimal, tiers: UsageTier[]): UsageBreakdownLine[] {
  const lines: UsageBreakdownLine[] = [];
  let previousEnd = ZERO;
  for (const tier of tiers) {
    if (q.lte(previousEnd)) break;
    const end = tier.up_to === null ? q : MoneyDecimal.min(q, dec(tier.up_to));
    const units = end.minus(previousEnd);
    lines.push(line(tierStart(previousEnd), end, units, dec(tier.unit_amount), dec(tier.flat_amount)));
    if (tier.up_to === null) break;
    previousEnd = dec(tier.up_to);
  }
  return lines;
}

function volume(q: Decimal, tiers: UsageTier[]): UsageBreakdownLine[] {
  const tier = tiers.find((t) => t.up_to === null || q.lte(dec(t.up_to))) ?? tiers[tiers.length - 1];
  return [line(ZERO, q, q, dec(tier.unit_amount), dec(tier.flat_amount))];
}

function packages(q: Decimal, size: Decimal, amount: Decimal): UsageBreakdownLine {
  const count = q.div(size).ceil();
  const priced = round4(count.times(amount));
  const noun = count.eq(1) ? "package" : "packages";
  return {
    from: ZERO,
    to: q,
    quantity: count,
    unitAmount: amount,
    flatAmount: ZERO,
    amount: priced,
    label: `${qty(q)} → ${qty(count)} ${noun} of ${qty(size)} × ${fmt4(amount)} = ${fmt4(priced)}`,
  };
}

/**
 * The amount of `quantity` units under `model` (validated first: a bad model is a 400). A zero quantity costs
 * nothing under every model, flat amounts included: a tier's flat fee is charged once the tier has a unit.
 */
export function priceUsage(quantity: Decimal | string | number, model: UsagePricingModel): UsagePrice {
  assertUsagePricing(model);
  const q = dec(quantity);
  if (q.isNeg()) throw invalidFields({ quantity: ["Must not be negative."] });
  let lines: UsageBreakdownLine[] = [];
  if (q.gt(0))
    switch (model.model) {
      case "per_unit":
        lines = [line(ZERO, q, q, dec(model.unit_amount), ZERO)];
        lines[0].label = `${qty(q)} × ${rate(lines[0].unitAmount)} = ${fmt4(lines[0].amount)}`;
        break;
      case "package":
        lines = [packages(q, dec(model.package_size), dec(model.package_amount))];
        break;
      case "graduated":
        lines = graduated(q, model.tiers);
        break;
      case "volume":
        lines = volume(q, model.tiers);
        break;
    }
  const amount = lines.reduce((sum, l) => sum.plus(l.amount), ZERO);
  return { quantity: q, amount, lines, explanation: lines.map((l) => l.label).join("; ") };
}

const tierText = (tiers: UsageTier[]) => {
  let previous = "0";
  return tiers
    .map((t) => {
      const from = previous === "0" ? "0" : dec(previous).plus(1).toFixed();
      const range = t.up_to === null ? `${from}+` : `${from}–${dec(t.up_to).toFixed()}`;
      previous = t.up_to ?? previous;
      const flat = dec(t.flat_amount).isZero() ? "" : ` + ${fmt4(t.flat_amount)}`;
      return `${range} × ${rate(dec(t.unit_amount))}${flat}`;
    })
    .join(", ");
};

/** The model as one line of text ("per unit 0.0100", "graduated: 0–1000 × 0.0000, 1001+ × 0.0100"). */
export function describePricing(model: UsagePricingModel | null): string {
  if (!model) return "no pricing model";
  switch (model.model) {
    case "per_unit":
      return `per unit ${rate(dec(model.unit_amount))}`;
    case "package":
      return `per package of ${dec(model.package_size).toFixed()} units ${fmt4(model.package_amount)}`;
    case "graduated":
      return `graduated tiers ${tierText(model.tiers)}`;
    case "volume":
      return `volume tiers ${tierText(model.tiers)}`;
  }
}
