// A payment method in the customer's words ("Visa ending in 4242", "Karte mit Endziffern 4242", "SEPA-Lastschrift"):
// the portal and the subscriber page both describe it here, the credit note its refund's destination, so a brand
// reads as a name (lib/format/cardBrand.ts) and every generic word ("card", a non-card method) comes from the
// reader's catalog on every page alike.
import { brandName } from "@/lib/format/cardBrand";
import type { translator } from "./catalog";

/**
 * `brand` is the card's brand identifier, or, for a method that is not a card, its collection method ("claim",
 * "invoice"): the portal and the subscriber page pass `card.brand ?? collection_method`.
 */
export const cardEnding = (
  t: ReturnType<typeof translator<"portal">>,
  card: { brand: string; last4: string | null },
): string => {
  // a SEPA mandate or an invoice has no number to end in: its method's name says which it is
  if (card.brand === "claim" || card.brand === "invoice") return t(`method_${card.brand}`);
  const last4 = card.last4 ?? "····";
  const brand = brandName(card.brand);
  return brand ? t("cardEnding", { brand, last4 }) : t("cardEndingUnbranded", { last4 });
};

/** Where a credit note's refund goes: the card it was paid with, the customer's bank (chargeback), or outside. */
export const refundDestination = (
  t: ReturnType<typeof translator<"creditNote">>,
  r: { method: string; card: { brand: string | null; last4: string } | null },
): string => {
  if (r.method === "chargeback") return t("destination_chargeback");
  if (r.method === "outside") return t("destination_outside");
  if (!r.card) return t("destination_method");
  const brand = brandName(r.card.brand);
  return brand
    ? t("destination_brandCard", { brand, last4: r.card.last4 })
    : t("destination_card", { last4: r.card.last4 });
};
