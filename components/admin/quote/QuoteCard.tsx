"use client";
// The quote beside the form: what to do while there is nothing to price, the last quote (dimmed while the
// next one is priced or when the current edits cannot be priced), or why there is none.
import type { RouterOutputs } from "@/components/trpc/types";
import { Card } from "@/components/ui/Card";
import { QuotePreview } from "./QuotePreview";

type Quote = RouterOutputs["quoteBuilder"]["quote"];

export function QuoteCard({
  hasOffer,
  quote,
  fetching,
  failed,
}: {
  /** whether the draft names something to price */
  hasOffer: boolean;
  /** the last good quote, if any */
  quote: Quote | null;
  fetching: boolean;
  failed: boolean;
}) {
  return (
    <aside aria-label="Quote" className="lg:sticky lg:top-4 lg:self-start">
      <Card title="Quote">
        <div aria-live="polite" aria-busy={fetching}>
          {!hasOffer ? (
            <p className="text-sm text-slate-700">Choose a bundle or a price to see the quote.</p>
          ) : quote ? (
            <div className={fetching || failed ? "opacity-60" : ""}>
              <QuotePreview quote={quote} />
            </div>
          ) : failed ? (
            <p className="text-sm text-red-800">The quote cannot be priced yet: see the messages next to the fields.</p>
          ) : (
            <p className="text-sm text-slate-700">Pricing…</p>
          )}
        </div>
      </Card>
    </aside>
  );
}
