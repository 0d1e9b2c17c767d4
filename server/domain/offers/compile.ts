// Offer input (spec 2.4) → a validated Offer for the pricing engine. Every 400 of spec 7 for offers
// is raised here, collected per input key, so quotes, checkouts and contract creation agree.

import { type AddonRuleRecord, offerTerms, priceFitsRule } from "@/server/domain/bundles/addons";
import type { ResolvedBundleItem } from "@/server/domain/bundles/selections";
import { resolveSelections } from "@/server/domain/bundles/selections";
import type { Ctx } from "@/server/domain/context";
import { requireCustomer } from "@/server/domain/customers/customers";
import { addFieldError, DomainError, type FieldErrors, invalid, invalidFields } from "@/server/domain/errors";
import { decOf } from "@/server/domain/money";
import { isValidTimeZone } from "@/server/domain/pricing/calendar";
import type { LineInput, LineSource, Offer } from "@/server/domain/pricing/types";
import type { BundleItemSelectionInput } from "@/server/schemas/bundles";
import type { ContractItemInput, OfferInput } from "@/server/schemas/offers";
import { catalogSnapshot } from "./snapshot";
import { type PricingRecord, toTerms } from "./terms";
import { resolveTrial, type Trial } from "./trial";

export interface CompiledOffer {
  offer: Offer;
  inputMode: "bundle" | "items";
  bundleTemplateId: number | null;
  bundleQuantity: number | null;
  customer: { id: number; reference: string } | null;
  /** extension: a free trial; the offer's start (first billing period) is its end */
  trial: Trial | null;
}

type Overrides = Pick<
  ContractItemInput,
  "unit_amount_override" | "discount_percent" | "start_at" | "end_at" | "metadata"
>;

class Problems {
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

function lineFrom(
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

function checkDates(p: Problems, key: string, label: string, o: Overrides) {
  if (o.start_at && o.end_at && new Date(o.end_at) <= new Date(o.start_at))
    p.add(key, `${label}: end_at must be after start_at.`);
}

export async function compileOffer(
  ctx: Ctx,
  input: OfferInput,
  opts: { requireCustomer?: boolean } = {},
): Promise<CompiledOffer> {
  const hasBundle = input.bundle_template != null;
  const hasItems = input.items != null && input.items.length > 0;
  if (hasBundle === hasItems) {
    throw invalid("non_field_errors", "Exactly one input mode must be given: bundle_template or items.");
  }
  const customer =
    input.customer_reference || opts.requireCustomer ? await requireCustomer(ctx, input.customer_reference) : null;
  const trial = resolveTrial(input, ctx.clock.now());
  const timezone = input.billing_timezone ?? "UTC";
  if (!isValidTimeZone(timezone)) throw invalid("billing_timezone", `Unknown time zone '${timezone}'.`);

  const catalog = await catalogSnapshot(ctx);
  const problems = new Problems();
  const recurring: {
    key: string;
    source: LineSource;
    priceId: number;
    quantity: number;
    o?: Overrides;
    refs: LineInput["refs"];
  }[] = [];
  const initial: typeof recurring = [];
  let bundleId: number | null = null;
  let resolved: ResolvedBundleItem[] = [];

  if (hasBundle) {
    const bundle = catalog.bundles.get(input.bundle_template!);
    if (!bundle) throw invalid("bundle_template", `Bundle template ${input.bundle_template} not found or inactive.`);
    bundleId = bundle.id;
    resolved = resolveSelections(bundle, input.bundle_item_selections);
    for (const resolvedItem of resolved) {
      if (resolvedItem.selection)
        checkDates(problems, "bundle_item_selections", `Bundle item ${resolvedItem.item.id}`, resolvedItem.selection);
      recurring.push({
        key: `bundle_item:${resolvedItem.item.id}`,
        source: "bundle_item",
        priceId: resolvedItem.price.id,
        quantity: resolvedItem.quantity * input.bundle_quantity,
        o: resolvedItem.selection,
        refs: { bundleItemId: resolvedItem.item.id, bundleTemplateId: bundle.id },
      });
    }
  } else {
    if (input.bundle_item_selections.length)
      problems.add("bundle_item_selections", "bundle_item_selections require bundle_template.");
    input.items!.forEach((it, i) => {
      checkDates(problems, "items", `Item ${i}`, it);
      recurring.push({ key: `items:${i}`, source: "items", priceId: it.price, quantity: it.quantity, o: it, refs: {} });
    });
  }
  input.initial_items.forEach((it, i) => {
    initial.push({
      key: `initial_items:${i}`,
      source: "initial_items",
      priceId: it.price,
      quantity: it.quantity,
      o: it,
      refs: {},
    });
  });

  // add-ons are offered by the bundle's rules (spec 4.2); without a bundle nothing can match
  const rules = bundleId ? (catalog.rules.get(bundleId) ?? []) : [];
  const addonItems = input.additional_items.map((it, i) => ({
    it,
    i,
    rule: rules.find((r) => r.id === it.rule_id && r.targetProduct),
  }));
  for (const { it, i, rule } of addonItems) {
    if (!it.rule_id) {
      problems.add("additional_items", `Item ${i}: rule_id is required for add-on products.`);
      continue;
    }
    if (!rule) {
      problems.add("additional_items", `Item ${i}: rule ${it.rule_id} is not an active add-on rule of this bundle.`);
      continue;
    }
    checkDates(problems, "additional_items", `Item ${i}`, it);
    recurring.push({
      key: `additional_items:${i}`,
      source: "additional_items",
      priceId: it.price,
      quantity: it.quantity,
      o: it,
      refs: { ruleId: rule.id },
    });
  }

  const prices = catalog.prices;
  const keyOf = (source: LineSource) => (source === "bundle_item" ? "bundle_item_selections" : source);
  const usable = (line: (typeof recurring)[number]) => {
    const price = prices.get(line.priceId);
    if (!price) return (problems.add(keyOf(line.source), `Invalid price id ${line.priceId}: not found.`), null);
    if (!price.active || !price.product.active)
      return (problems.add(keyOf(line.source), `Price ${line.priceId} is not active.`), null);
    if (price.billingSchedule && !price.billingSchedule.active)
      return (problems.add(keyOf(line.source), `Price ${line.priceId} uses a deactivated billing schedule.`), null);
    return price;
  };
  const currency = (input.currency ?? prices.get(recurring[0]?.priceId)?.currency ?? "").toUpperCase();
  const lines: LineInput[] = [];
  for (const line of recurring) {
    const price = usable(line);
    if (!price) continue;
    if (price.billingType !== "recurring") {
      problems.add(keyOf(line.source), `Price ${price.id} is a one-time price; one-time prices go in initial_items.`);
      continue;
    }
    if (price.currency !== currency) {
      problems.add(
        keyOf(line.source),
        `Price ${price.id} is in ${price.currency}, which does not match the currency ${currency}.`,
      );
      continue;
    }
    lines.push(lineFrom(line.key, line.source, price, line.quantity, line.o, line.refs, true));
  }
  const initialLines: LineInput[] = [];
  for (const line of initial) {
    const price = usable(line);
    if (!price) continue;
    if (price.currency !== currency) {
      problems.add(
        "initial_items",
        `Price ${price.id} is in ${price.currency}, which does not match the currency ${currency}.`,
      );
      continue;
    }
    initialLines.push(lineFrom(line.key, line.source, price, line.quantity, line.o, {}, false));
  }

  // add-on rule constraints against the base offer's terms
  const base = lines.filter((l) => l.source === "bundle_item");
  const terms = offerTerms(
    resolved.map((r) => r.price),
    currency,
  );
  for (const { it, i, rule } of addonItems) {
    const price = rule && prices.get(it.price);
    if (!rule || !price) continue;
    if (price.productId !== rule.targetProductId)
      problems.add(
        "additional_items",
        `Item ${i}: price ${price.id} is not a price of the add-on product of rule ${rule.id}.`,
      );
    else if (!priceFitsRule(price, rule, terms))
      problems.add(
        "additional_items",
        `Item ${i}: price ${price.id} does not match the currency or interval required by rule ${rule.id}.`,
      );
    checkQuantity(problems, "additional_items", `Item ${i}`, it.quantity, rule);
  }
  for (const [i, ab] of input.additional_bundles.entries()) {
    addBundleAddon(problems, rules, prices, ab, i, input.bundle_quantity, currency, lines);
  }
  if (!base.length && hasBundle && !problems.any)
    problems.add("bundle_item_selections", "The selection contains no recurring item.");
  checkFixedDays(problems, lines);
  problems.throwIfAny();

  const start = trial?.endAt ?? ctx.clock.now();
  return {
    offer: {
      start,
      anchorAt: start,
      timezone,
      billingTime: input.billing_time ?? "00:00",
      fixedDay: lines.find((l) => l.price.billingDayOfMonth)?.price.billingDayOfMonth ?? null,
      currency,
      recurring: lines,
      initial: initialLines,
    },
    inputMode: hasBundle ? "bundle" : "items",
    bundleTemplateId: bundleId,
    bundleQuantity: hasBundle ? input.bundle_quantity : null,
    customer: customer ? { id: customer.id, reference: customer.reference } : null,
    trial,
  };
}

function checkQuantity(
  problems: Problems,
  key: string,
  label: string,
  quantity: number,
  rule: { minQuantity: number; maxQuantity: number | null; id: number },
) {
  if (quantity < Math.max(1, rule.minQuantity))
    problems.add(key, `${label}: quantity must be at least ${Math.max(1, rule.minQuantity)} for rule ${rule.id}.`);
  if (rule.maxQuantity != null && quantity > rule.maxQuantity)
    problems.add(key, `${label}: quantity must be at most ${rule.maxQuantity} for rule ${rule.id}.`);
}

function addBundleAddon(
  problems: Problems,
  rules: AddonRuleRecord[],
  prices: Map<number, PricingRecord>,
  addon: OfferInput["additional_bundles"][number],
  index: number,
  bundleQuantity: number,
  currency: string,
  lines: LineInput[],
) {
  const label = `Bundle ${index}`;
  const rule = rules.find((r) => r.id === addon.rule_id && r.targetBundle);
  const target = addon.bundle_template ?? addon.bundle_template_id ?? rule?.targetBundleId;
  if (!rule?.targetBundle?.active)
    return problems.add(
      "additional_bundles",
      `${label}: rule ${addon.rule_id} is not an active bundle add-on rule of this bundle.`,
    );
  if (target !== rule.targetBundleId)
    return problems.add("additional_bundles", `${label}: bundle template ${target} does not match rule ${rule.id}.`);
  checkQuantity(problems, "additional_bundles", label, addon.quantity, rule);
  let chosen: ResolvedBundleItem[];
  try {
    chosen = resolveSelections(
      rule.targetBundle,
      addon.bundle_selections as BundleItemSelectionInput[],
      "additional_bundles",
    );
  } catch (error) {
    if (error instanceof DomainError && error.fields)
      return Object.values(error.fields)
        .flat()
        .forEach((m) => {
          problems.add("additional_bundles", `${label}: ${m}`);
        });
    throw error;
  }
  for (const choice of chosen) {
    const price = prices.get(choice.price.id)!;
    if (price.currency !== currency) {
      problems.add("additional_bundles", `${label}: price ${price.id} does not match the currency ${currency}.`);
      continue;
    }
    lines.push(
      lineFrom(
        `additional_bundles:${index}:bundle_item:${choice.item.id}`,
        "additional_bundles",
        price,
        choice.quantity * addon.quantity * bundleQuantity,
        choice.selection,
        { ruleId: rule.id, bundleItemId: choice.item.id, bundleTemplateId: rule.targetBundle.id },
        true,
      ),
    );
  }
}

/** Spec 4.9: all fixed billing days in one offer must be the same day. */
function checkFixedDays(problems: Problems, lines: LineInput[]) {
  const withDay = lines.filter((l) => l.price.billingDayOfMonth != null);
  const days = [...new Set(withDay.map((l) => l.price.billingDayOfMonth))];
  if (days.length > 1) {
    const key = withDay.find((l) => l.price.billingDayOfMonth !== days[0])!.source;
    problems.add(
      key === "bundle_item" ? "bundle_item_selections" : key,
      `All prices with a fixed billing day must use the same day; this offer mixes days ${days.join(" and ")}.`,
    );
  }
}
