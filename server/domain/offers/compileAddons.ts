// The add-ons of an offer (spec 4.2): products (`additional_items`) and bundles (`additional_bundles`)
// the base bundle's rules offer. Without a bundle there are no rules, so every add-on is refused. Part of
// compile.ts; every problem is collected, none thrown.
import type { AddonRuleRecord, OfferTerms } from "@/server/domain/bundles/addons";
import { priceFitsRule } from "@/server/domain/bundles/addons";
import { type ResolvedBundleItem, resolveSelections } from "@/server/domain/bundles/selections";
import { DomainError } from "@/server/domain/errors";
import type { LineInput } from "@/server/domain/pricing/types";
import type { OfferInput } from "@/server/schemas/offers";
import { checkDates, lineFrom, type Problems, type RequestedLine } from "./offerLines";
import type { PricingRecord } from "./terms";

type AddonItem = OfferInput["additional_items"][number];

/** additional_items[i] with the bundle's active add-on product rule it names (undefined: none). */
export interface AddonItemRequest {
  it: AddonItem;
  i: number;
  rule: AddonRuleRecord | undefined;
}

/** additional_items → the lines they ask for; an item without a rule of the bundle offering a product is refused. */
export function addonItemLines(
  problems: Problems,
  items: AddonItem[],
  rules: AddonRuleRecord[],
): { requests: AddonItemRequest[]; lines: RequestedLine[] } {
  const requests = items.map((it, i) => ({ it, i, rule: rules.find((r) => r.id === it.rule_id && r.targetProduct) }));
  const lines: RequestedLine[] = [];
  for (const { it, i, rule } of requests) {
    if (!it.rule_id) {
      problems.add("additional_items", `Item ${i}: rule_id is required for add-on products.`);
      continue;
    }
    if (!rule) {
      problems.add("additional_items", `Item ${i}: rule ${it.rule_id} is not an active add-on rule of this bundle.`);
      continue;
    }
    checkDates(problems, "additional_items", `Item ${i}`, it);
    lines.push({
      key: `additional_items:${i}`,
      source: "additional_items",
      priceId: it.price,
      quantity: it.quantity,
      o: it,
      refs: { ruleId: rule.id },
    });
  }
  return { requests, lines };
}

/** Each add-on product against its rule, once the base offer's terms are known: the rule's product, currency, interval, quantity. */
export function checkAddonItems(
  problems: Problems,
  requests: AddonItemRequest[],
  prices: Map<number, PricingRecord>,
  terms: OfferTerms,
) {
  for (const { it, i, rule } of requests) {
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

/** additional_bundles[index] → its items' lines (in the offer's currency), times its and the base bundle's quantity. */
export function bundleAddonLines(
  problems: Problems,
  rules: AddonRuleRecord[],
  prices: Map<number, PricingRecord>,
  addon: OfferInput["additional_bundles"][number],
  index: number,
  bundleQuantity: number,
  currency: string,
): LineInput[] {
  const label = `Bundle ${index}`;
  const rule = rules.find((r) => r.id === addon.rule_id && r.targetBundle);
  const target = addon.bundle_template ?? addon.bundle_template_id ?? rule?.targetBundleId;
  if (!rule?.targetBundle?.active) {
    problems.add(
      "additional_bundles",
      `${label}: rule ${addon.rule_id} is not an active bundle add-on rule of this bundle.`,
    );
    return [];
  }
  if (target !== rule.targetBundleId) {
    problems.add("additional_bundles", `${label}: bundle template ${target} does not match rule ${rule.id}.`);
    return [];
  }
  checkQuantity(problems, "additional_bundles", label, addon.quantity, rule);
  let chosen: ResolvedBundleItem[];
  try {
    chosen = resolveSelections(rule.targetBundle, addon.bundle_selections, "additional_bundles");
  } catch (error) {
    if (!(error instanceof DomainError && error.fields)) throw error;
    for (const m of Object.values(error.fields).flat()) problems.add("additional_bundles", `${label}: ${m}`);
    return [];
  }
  const lines: LineInput[] = [];
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
  return lines;
}
