// The console's simple catalog records and the words the UI uses for each (no "use client": the list
// pages, server components, read them too).
import type { RouterInputs, RouterOutputs } from "@/components/trpc/types";

export type CatalogResource = "taxRates" | "shippingOptions" | "billingSchedules";
/** What every catalog record has, which the shared table relies on. */
export interface CatalogRecord {
  id: number;
  name: string;
  active: boolean;
}
export type CatalogRow<R extends CatalogResource> = RouterOutputs["catalogAdmin"][R]["list"]["results"][number];
export type CreateBody<R extends CatalogResource> = RouterInputs["catalogAdmin"][R]["create"];

/** The record's name in the UI, singular and lower case ("tax rate"); plural, labels and test ids derive from it. */
export const CATALOG_NOUNS: Record<CatalogResource, string> = {
  taxRates: "tax rate",
  shippingOptions: "shipping option",
  billingSchedules: "billing schedule",
};

export const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
export const testIdOf = (words: string) => words.replaceAll(" ", "-");
