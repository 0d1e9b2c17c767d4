"use client";
// /admin/contracts/new: the seller composes an offer; the quote (the REST quote function) follows each
// edit after a 300 ms pause; "Create contract" confirms what will be billed, then opens the new contract.
// The form's cards (OfferCard, InitialBillingCard), the quote beside it (QuoteCard) and the confirmation
// (CreateContractDialog) are their own components; this one holds the draft, the quote and the creation.
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { type FieldErrors, fieldErrorsOf, trpcErrorCode } from "@/components/ui/errors";
import { toast } from "@/components/ui/Toaster";
import { useCanWrite } from "@/components/ui/WriteAccess";
import { CreateContractDialog } from "./CreateContractDialog";
import { CustomerPicker } from "./CustomerPicker";
import { type Draft, emptyDraft, offerBody } from "./draft";
import { InitialBillingCard } from "./InitialBillingCard";
import { OfferCard } from "./OfferCard";
import { priceRowsOf } from "./PriceRows";
import { QuoteCard } from "./QuoteCard";
import { useDebounced } from "./useDebounced";

// the fields a section of the form shows its messages under; the others are listed above the button
const SECTION_FIELDS = [
  "customer_reference",
  "bundle_template",
  "bundle_quantity",
  "bundle_item_selections",
  "additional_items",
  "additional_bundles",
  "items",
  "initial_items",
  "initial_billing_mode",
  "trial_days",
];

type Failure = { message: string } | null;

/** The messages to show: the latest answer decides (a failed create, else the quote's validation). */
function messagesOf(createError: Failure, quoteError: Failure, hasOffer: boolean) {
  const errors: FieldErrors = createError
    ? fieldErrorsOf(createError)
    : quoteError && hasOffer
      ? fieldErrorsOf(quoteError)
      : {};
  const others = Object.entries(errors)
    .filter(([k]) => !SECTION_FIELDS.includes(k))
    .map(([k, m]) => (k === "non_field_errors" ? m.join(" ") : `${k}: ${m.join(" ")}`));
  if (createError && !Object.keys(errors).length) others.push(createError.message);
  if (!createError && quoteError && hasOffer && trpcErrorCode(quoteError) !== "BAD_REQUEST")
    others.push(quoteError.message);
  return { errors, others };
}

export function QuoteBuilder({ initialCustomer }: { initialCustomer?: string }) {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const router = useRouter();
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(initialCustomer ?? ""));
  const set = useCallback((p: Partial<Draft>) => setDraft((d) => ({ ...d, ...p })), []);
  const setCustomer = useCallback((customer: string) => set({ customer }), [set]);
  const [confirming, setConfirming] = useState(false);
  const prices = useQuery(trpc.quoteBuilder.prices.queryOptions());
  const rowsOf = (part: "items" | "initialItems", billingType: "recurring" | "one_time") =>
    priceRowsOf(draft, set, prices.data ?? [], part, billingType);

  const body = useDebounced(
    useMemo(() => offerBody(draft), [draft]),
    300,
  );
  const quote = useQuery(
    trpc.quoteBuilder.quote.queryOptions(body ?? { items: [] }, {
      enabled: !!body,
      retry: false,
      placeholderData: keepPreviousData,
    }),
  );
  const create = useMutation(
    trpc.quoteBuilder.create.mutationOptions({
      onSuccess: (c) => {
        toast.success(`Contract #${c.id} created for ${c.customer_reference}`);
        router.push(`/admin/contracts/${c.id}`);
      },
      onError: () => setConfirming(false),
    }),
  );

  const { errors, others } = messagesOf(create.error, quote.isError ? quote.error : null, !!body);
  const q = quote.data && !quote.isError ? quote.data : null;
  // the quote answers the edits as they are now (not an earlier body still on screen)
  const fresh = body && !quote.isFetching && q && JSON.stringify(body) === JSON.stringify(offerBody(draft));

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(20rem,2fr)]">
      <form
        className="space-y-6"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (e.target !== e.currentTarget) return; // the inline customer form bubbles through its portal
          if (!canWrite) return;
          create.reset();
          setConfirming(true);
        }}
        aria-label="New contract"
      >
        <Card title="Customer">
          <CustomerPicker value={draft.customer} onChange={setCustomer} errors={errors.customer_reference} />
        </Card>
        <OfferCard draft={draft} set={set} errors={errors} itemRows={rowsOf("items", "recurring")} />
        <InitialBillingCard draft={draft} set={set} errors={errors} initialRows={rowsOf("initialItems", "one_time")} />
        {others.length ? (
          <div
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
            data-testid="qb-form-error"
          >
            {others.join(" ")}
          </div>
        ) : null}
        <Button
          variant="primary"
          type="submit"
          disabled={!fresh || !draft.customer || create.isPending}
          writeAction="create contracts"
        >
          {create.isPending ? "Creating…" : "Create contract"}
        </Button>
        {!draft.customer ? <p className="text-sm text-slate-700">Choose a customer to create the contract.</p> : null}
      </form>
      <QuoteCard hasOffer={!!body} quote={q} fetching={quote.isFetching} failed={quote.isError} />
      <CreateContractDialog
        open={confirming}
        onOpenChange={setConfirming}
        create={create}
        draft={draft}
        quote={q}
        onConfirm={() => {
          const b = offerBody(draft);
          if (b) create.mutate({ ...b, customer_reference: draft.customer });
        }}
      />
    </div>
  );
}
