// The message catalogs (messages/<locale>.json, one per language, namespaced by surface) and translation
// outside React (PDF receipts, notice e-mails, the widget's and the portal's own HTML) with next-intl's core
// translator over the same catalogs as the pages.
//
//   translator("de", "receipt")("title") → "Beleg"
import { createTranslator } from "use-intl/core";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fi from "@/messages/fi.json";
import fr from "@/messages/fr.json";
import type { Locale } from "./locales";

export type Messages = typeof en;
export const MESSAGES: Record<Locale, Messages> = { en, de, fr, es, fi };

export function translator<N extends keyof Messages>(locale: Locale, namespace: N) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace });
}
