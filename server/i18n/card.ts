// A card on file in the customer's words ("Visa ending in 4242"): the portal and the subscriber page both
// describe it here, so the brand reads as a name (lib/format/cardBrand.ts) on every page alike.
import { cardBrandLabel } from "@/lib/format/cardBrand";
import type { translator } from "./catalog";

export const cardEnding = (
  t: ReturnType<typeof translator<"portal">>,
  card: { brand: string; last4: string | null },
): string => t("cardEnding", { brand: cardBrandLabel(card.brand), last4: card.last4 ?? "····" });
