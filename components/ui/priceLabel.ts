// How a price reads in a picker: its amount through the one money formatter ("€9.90", the exact value is the
// price's own page), then how often it is billed. Every price <option> of the console uses it.
//
//   priceCadence(p)                   → "€9.90 / month", "€99.00 / 3 months", "€20.00 one-time", "€5.00 / Quarterly"
//   priceLabel(p)                     → "Streaming Basic — €9.90 / month (streaming-basic-monthly)"
//   priceLabel(p, { product: false }) → "€9.90 / month (streaming-basic-monthly)" (the product is chosen beside it)
import { formatMoney } from "./money";

export interface LabelledPrice {
  id: number;
  product_name: string;
  reference: string | null;
  currency: string;
  unit_amount: string;
  billing_type: string;
  interval: string | null;
  interval_count: number | null;
  billing_schedule_name: string | null;
}

export function priceCadence(p: Omit<LabelledPrice, "id" | "product_name" | "reference">): string {
  const amount = formatMoney(p.unit_amount, p.currency);
  if (p.billing_type === "one_time") return `${amount} one-time`;
  if (!p.interval) return `${amount} / ${p.billing_schedule_name ?? "schedule"}`;
  const count = p.interval_count ?? 1;
  return `${amount} / ${count > 1 ? `${count} ${p.interval}s` : p.interval}`;
}

export function priceLabel(p: LabelledPrice, { product = true }: { product?: boolean } = {}): string {
  const cadence = priceCadence(p);
  const named = product ? `${p.product_name} — ${cadence}` : cadence;
  return `${named} (${p.reference ?? `#${p.id}`})`;
}
