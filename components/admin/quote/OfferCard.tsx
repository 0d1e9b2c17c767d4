"use client";
// "What the customer subscribes to": the offer type (a bundle or individual prices), then the bundle's
// section or the rows of recurring prices.
import { Card } from "@/components/ui/Card";
import type { FieldErrors } from "@/components/ui/errors";
import { BundleSection } from "./BundleSection";
import type { Draft } from "./draft";
import { PriceRows, type PriceRowsOfDraft } from "./PriceRows";

const OFFER_TYPES = [
  { mode: "bundle", label: "A bundle" },
  { mode: "items", label: "Individual prices" },
] as const;

export function OfferCard({
  draft,
  set,
  errors,
  itemRows,
}: {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  errors: FieldErrors;
  itemRows: PriceRowsOfDraft;
}) {
  return (
    <Card title="What the customer subscribes to">
      <fieldset className="mb-4 flex gap-6 text-sm">
        <legend className="sr-only">Offer type</legend>
        {OFFER_TYPES.map(({ mode, label }) => (
          <label key={mode} className="flex items-center gap-2">
            <input type="radio" name="mode" checked={draft.mode === mode} onChange={() => set({ mode })} /> {label}
          </label>
        ))}
      </fieldset>
      {draft.mode === "bundle" ? (
        <BundleSection draft={draft} set={set} errors={errors} />
      ) : (
        <div>
          <PriceRows idPrefix="qb-items" what="Price" {...itemRows} errors={errors.items} />
        </div>
      )}
    </Card>
  );
}
