"use client";
// What one price charges, as a list or a card shows it: the unit amount (Money) for a plain licensed price,
// the server's `pricing_description` ("billed by usage, graduated tiers 0–1000 × 0.0000, 1001+ × 0.0100 EUR")
// for a metered or tiered one, which has no unit amount of its own.
import { Money } from "@/components/ui/Money";

interface PriceLike {
  unit_amount: string;
  currency: string;
  usage_type?: "licensed" | "metered";
  pricing_model?: unknown;
  pricing_description?: string;
}

export const pricedByModel = (p: PriceLike) => p.usage_type === "metered" || !!p.pricing_model;

export function PriceAmount({ price, testId, className }: { price: PriceLike; testId?: string; className?: string }) {
  if (pricedByModel(price) && price.pricing_description)
    return (
      <span className={`text-sm ${className ?? ""}`} data-testid={testId && `${testId}-description`}>
        {price.pricing_description}
      </span>
    );
  return <Money amount={price.unit_amount} currency={price.currency} testId={testId} className={className} />;
}
