// Builders for pure pricing-engine inputs.
import { MoneyDecimal } from "@/server/domain/money";
import type { LineInput, Offer, PriceTerms } from "@/server/domain/pricing/types";

let nextId = 1;
export function price(
  over: Partial<PriceTerms> & { amount?: string; versions?: PriceTerms["versions"] } = {},
): PriceTerms {
  const id = nextId++;
  return {
    id,
    productId: id,
    productName: `Product ${id}`,
    currency: "EUR",
    billingType: "recurring",
    interval: "month",
    intervalCount: 1,
    billingDayOfMonth: null,
    schedule: null,
    taxPolicy: null,
    taxRate: null,
    ...over,
    versions: over.versions ?? [
      { id: id * 10, unitAmount: new MoneyDecimal(over.amount ?? "10.0000"), effectiveFrom: null, effectiveTo: null },
    ],
  };
}

export function line(p: PriceTerms, over: Partial<LineInput> = {}): LineInput {
  return {
    key: `items:${p.id}`,
    source: "items",
    price: p,
    quantity: 1,
    unitAmountOverride: null,
    discountPercent: null,
    startAt: null,
    endAt: null,
    createsContractItem: true,
    refs: {},
    metadata: {},
    ...over,
  };
}

export function offer(start: string, lines: LineInput[], over: Partial<Offer> = {}): Offer {
  const at = new Date(start);
  return {
    start: at,
    anchorAt: at,
    timezone: "UTC",
    billingTime: "00:00",
    currency: "EUR",
    fixedDay: lines.find((l) => l.price.billingDayOfMonth)?.price.billingDayOfMonth ?? null,
    recurring: lines.filter((l) => l.source !== "initial_items"),
    initial: lines.filter((l) => l.source === "initial_items"),
    ...over,
  };
}
