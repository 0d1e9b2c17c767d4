// Offer input (spec 2.4) → a validated Offer for the pricing engine. Every 400 of spec 7 for offers
// is raised here, collected per input key, so quotes, checkouts and contract creation agree. The steps:
// the input mode, the lines a bundle or the items ask for, the initial items, the add-ons
// (compileAddons.ts), the offer's currency and the lines priced in it, then the offer-wide checks.

import type { AddonRuleRecord } from "@/server/domain/bundles/addons";
import { offerTerms } from "@/server/domain/bundles/addons";
import type { BundleDetailRecord } from "@/server/domain/bundles/present";
import { type ResolvedBundleItem, resolveSelections } from "@/server/domain/bundles/selections";
import type { Ctx } from "@/server/domain/context";
import { requireCustomer } from "@/server/domain/customers/customers";
import { invalid } from "@/server/domain/errors";
import { isValidTimeZone } from "@/server/domain/pricing/calendar";
import type { LineInput, Offer } from "@/server/domain/pricing/types";
import type { OfferInput } from "@/server/schemas/offers";
import { addonItemLines, bundleAddonLines, checkAddonItems } from "./compileAddons";
import { checkDates, errorKeyOf, lineFrom, Problems, type RequestedLine, usablePrice } from "./offerLines";
import { catalogSnapshot } from "./snapshot";
import type { PricingRecord } from "./terms";
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

export async function compileOffer(
  ctx: Ctx,
  input: OfferInput,
  opts: { requireCustomer?: boolean } = {},
): Promise<CompiledOffer> {
  const inputMode = inputModeOf(input);
  const customer =
    input.customer_reference || opts.requireCustomer ? await requireCustomer(ctx, input.customer_reference) : null;
  const trial = resolveTrial(input, ctx.clock.now());
  const timezone = input.billing_timezone ?? "UTC";
  if (!isValidTimeZone(timezone)) throw invalid("billing_timezone", `Unknown time zone '${timezone}'.`);

  const catalog = await catalogSnapshot(ctx);
  const { prices } = catalog;
  const problems = new Problems();
  const bundle = inputMode === "bundle" ? bundleOf(catalog.bundles, input.bundle_template!) : null;
  const base = bundle ? bundleLines(problems, bundle, input) : { requested: itemLines(problems, input), resolved: [] };
  const initial = initialItemLines(input);
  // add-ons are offered by the bundle's rules (spec 4.2); without a bundle nothing can match
  const rules: AddonRuleRecord[] = bundle ? (catalog.rules.get(bundle.id) ?? []) : [];
  const addons = addonItemLines(problems, input.additional_items, rules);
  const requested = [...base.requested, ...addons.lines];

  const currency = offerCurrency(input, prices, requested);
  const lines = recurringLines(problems, prices, requested, currency);
  const initialLines = initialLinesOf(problems, prices, initial, currency);
  const hasBaseLine = lines.some((l) => l.source === "bundle_item");
  const baseTerms = offerTerms(
    base.resolved.map((r) => r.price),
    currency,
  );
  checkAddonItems(problems, addons.requests, prices, baseTerms);
  for (const [i, addon] of input.additional_bundles.entries())
    lines.push(...bundleAddonLines(problems, rules, prices, addon, i, input.bundle_quantity, currency));
  if (!hasBaseLine && bundle && !problems.any)
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
    inputMode,
    bundleTemplateId: bundle?.id ?? null,
    bundleQuantity: bundle ? input.bundle_quantity : null,
    customer: customer ? { id: customer.id, reference: customer.reference } : null,
    trial,
  };
}

/** A bundle template or a list of items: exactly one of them. */
function inputModeOf(input: OfferInput): CompiledOffer["inputMode"] {
  const hasBundle = input.bundle_template != null;
  const hasItems = input.items != null && input.items.length > 0;
  if (hasBundle === hasItems) {
    throw invalid("non_field_errors", "Exactly one input mode must be given: bundle_template or items.");
  }
  return hasBundle ? "bundle" : "items";
}

function bundleOf(bundles: Map<number, BundleDetailRecord>, id: number): BundleDetailRecord {
  const bundle = bundles.get(id);
  if (!bundle) throw invalid("bundle_template", `Bundle template ${id} not found or inactive.`);
  return bundle;
}

/** The bundle's items the selections keep (resolveSelections throws what it refuses), times bundle_quantity. */
function bundleLines(
  problems: Problems,
  bundle: BundleDetailRecord,
  input: OfferInput,
): { requested: RequestedLine[]; resolved: ResolvedBundleItem[] } {
  const resolved = resolveSelections(bundle, input.bundle_item_selections);
  const requested: RequestedLine[] = [];
  for (const resolvedItem of resolved) {
    if (resolvedItem.selection)
      checkDates(problems, "bundle_item_selections", `Bundle item ${resolvedItem.item.id}`, resolvedItem.selection);
    requested.push({
      key: `bundle_item:${resolvedItem.item.id}`,
      source: "bundle_item",
      priceId: resolvedItem.price.id,
      quantity: resolvedItem.quantity * input.bundle_quantity,
      o: resolvedItem.selection,
      refs: { bundleItemId: resolvedItem.item.id, bundleTemplateId: bundle.id },
    });
  }
  return { requested, resolved };
}

/** `items`, one line each; selections of bundle items have no bundle to choose from. */
function itemLines(problems: Problems, input: OfferInput): RequestedLine[] {
  if (input.bundle_item_selections.length)
    problems.add("bundle_item_selections", "bundle_item_selections require bundle_template.");
  return input.items!.map((it, i) => {
    checkDates(problems, "items", `Item ${i}`, it);
    return { key: `items:${i}`, source: "items", priceId: it.price, quantity: it.quantity, o: it, refs: {} };
  });
}

function initialItemLines(input: OfferInput): RequestedLine[] {
  return input.initial_items.map((it, i) => ({
    key: `initial_items:${i}`,
    source: "initial_items",
    priceId: it.price,
    quantity: it.quantity,
    o: it,
    refs: {},
  }));
}

/** The input's currency, else the first recurring line's price's (upper case; "" when neither is known). */
function offerCurrency(input: OfferInput, prices: Map<number, PricingRecord>, requested: RequestedLine[]): string {
  return (input.currency ?? prices.get(requested[0]?.priceId)?.currency ?? "").toUpperCase();
}

/** The recurring lines whose price is usable, recurring and in the offer's currency. */
function recurringLines(
  problems: Problems,
  prices: Map<number, PricingRecord>,
  requested: RequestedLine[],
  currency: string,
): LineInput[] {
  const lines: LineInput[] = [];
  for (const line of requested) {
    const price = usablePrice(problems, prices, line);
    if (!price) continue;
    if (price.billingType !== "recurring") {
      problems.add(
        errorKeyOf(line.source),
        `Price ${price.id} is a one-time price; one-time prices go in initial_items.`,
      );
      continue;
    }
    if (price.currency !== currency) {
      problems.add(errorKeyOf(line.source), currencyMismatch(price, currency));
      continue;
    }
    lines.push(lineFrom(line.key, line.source, price, line.quantity, line.o, line.refs, true));
  }
  return lines;
}

/** The initial items whose price is usable and in the offer's currency (one-time or recurring alike). */
function initialLinesOf(
  problems: Problems,
  prices: Map<number, PricingRecord>,
  requested: RequestedLine[],
  currency: string,
): LineInput[] {
  const lines: LineInput[] = [];
  for (const line of requested) {
    const price = usablePrice(problems, prices, line);
    if (!price) continue;
    if (price.currency !== currency) {
      problems.add("initial_items", currencyMismatch(price, currency));
      continue;
    }
    lines.push(lineFrom(line.key, line.source, price, line.quantity, line.o, {}, false));
  }
  return lines;
}

const currencyMismatch = (price: PricingRecord, currency: string) =>
  `Price ${price.id} is in ${price.currency}, which does not match the currency ${currency}.`;

/** Spec 4.9: all fixed billing days in one offer must be the same day. */
function checkFixedDays(problems: Problems, lines: LineInput[]) {
  const withDay = lines.filter((l) => l.price.billingDayOfMonth != null);
  const days = [...new Set(withDay.map((l) => l.price.billingDayOfMonth))];
  if (days.length > 1) {
    const key = withDay.find((l) => l.price.billingDayOfMonth !== days[0])!.source;
    problems.add(
      errorKeyOf(key),
      `All prices with a fixed billing day must use the same day; this offer mixes days ${days.join(" and ")}.`,
    );
  }
}
