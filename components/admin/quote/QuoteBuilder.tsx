"use client";
// /admin/contracts/new: the seller composes an offer; the quote (the REST quote function) follows each
// edit after a 300 ms pause; "Create contract" confirms what will be billed, then opens the new contract.
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { fieldErrorsOf, trpcErrorCode } from "@/components/ui/errors";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { formatMoney } from "@/components/ui/money";
import { mutationProgress } from "@/components/ui/mutationDialog";
import { toast } from "@/components/ui/Toaster";
import { BundleSection } from "./BundleSection";
import { binder } from "./bind";
import { CustomerPicker } from "./CustomerPicker";
import { type Draft, emptyDraft, type InitialMode, type ItemRow, offerBody } from "./draft";
import { PriceRows } from "./PriceRows";
import { QuotePreview } from "./QuotePreview";

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

const OFFER_TYPES = [
  { mode: "bundle", label: "A bundle" },
  { mode: "items", label: "Individual prices" },
] as const;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  const key = JSON.stringify(value);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [key, ms]);
  return v;
}

export function QuoteBuilder({ initialCustomer }: { initialCustomer?: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(initialCustomer ?? ""));
  const set = useCallback((p: Partial<Draft>) => setDraft((d) => ({ ...d, ...p })), []);
  const setCustomer = useCallback((customer: string) => set({ customer }), [set]);
  const [confirming, setConfirming] = useState(false);
  const prices = useQuery(trpc.quoteBuilder.prices.queryOptions());
  // a list of price rows of the draft: the rows, the prices they choose from, the change that writes them back
  const priceRows = (part: "items" | "initialItems", billingType: "recurring" | "one_time") => ({
    rows: draft[part],
    prices: (prices.data ?? []).filter((p) => p.billing_type === billingType),
    onChange: (rows: ItemRow[]) => set(part === "items" ? { items: rows } : { initialItems: rows }),
  });

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

  // the latest answer decides: a failed create, else the quote's validation
  const errors = create.error ? fieldErrorsOf(create.error) : quote.isError && body ? fieldErrorsOf(quote.error) : {};
  const otherErrors = Object.entries(errors)
    .filter(([k]) => !SECTION_FIELDS.includes(k))
    .map(([k, m]) => (k === "non_field_errors" ? m.join(" ") : `${k}: ${m.join(" ")}`));
  if (create.error && !Object.keys(errors).length) otherErrors.push(create.error.message);
  if (!create.error && quote.isError && body && trpcErrorCode(quote.error) !== "BAD_REQUEST")
    otherErrors.push(quote.error.message);
  const q = quote.data && !quote.isError ? quote.data : null;
  const fresh = body && !quote.isFetching && q && JSON.stringify(body) === JSON.stringify(offerBody(draft));

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(20rem,2fr)]">
      <form
        className="space-y-6"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (e.target !== e.currentTarget) return; // the inline customer form bubbles through its portal
          create.reset();
          setConfirming(true);
        }}
        aria-label="New contract"
      >
        <Card title="Customer">
          <CustomerPicker value={draft.customer} onChange={setCustomer} errors={errors.customer_reference} />
        </Card>
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
              <PriceRows idPrefix="qb-items" what="Price" {...priceRows("items", "recurring")} errors={errors.items} />
            </div>
          )}
        </Card>
        <Card title="Initial billing">
          <SelectFormField
            id="qb-initial-mode"
            label="Initial billing mode"
            errors={errors.initial_billing_mode}
            hint={
              draft.initialMode === "create_initial_run"
                ? "A billing run for the first period (prorated) and the one-time charges below is scheduled now."
                : draft.initialMode === "next_invoice"
                  ? "The first period is added to the first regular invoice."
                  : "Nothing is billed until the first regular billing date."
            }
            value={draft.initialMode}
            onChange={(e) =>
              set({
                initialMode: e.target.value as InitialMode,
                initialItems: e.target.value === "create_initial_run" ? draft.initialItems : [],
              })
            }
          >
            <option value="none">None: start billing at the first billing date</option>
            <option value="create_initial_run">Charge now (initial billing run)</option>
            <option value="next_invoice">Add the first period to the next invoice</option>
          </SelectFormField>
          <div className="mt-4">
            <InputFormField
              {...binder("qb", draft, set)("trialDays", "trial-days")}
              label="Free trial (days)"
              errors={errors.trial_days}
              hint="Optional. Nothing is charged during the trial; the first period starts when it ends."
              type="number"
              min={1}
              inputMode="numeric"
            />
          </div>
          {draft.initialMode === "create_initial_run" ? (
            <div className="mt-4">
              <h3 className="mb-2 text-sm font-semibold text-slate-900">One-time charges (initial items)</h3>
              <PriceRows
                idPrefix="qb-initial"
                what="One-time charge"
                {...priceRows("initialItems", "one_time")}
                errors={errors.initial_items}
                errorTestId="qb-initial-items-error"
              />
            </div>
          ) : null}
        </Card>
        {otherErrors.length ? (
          <div
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
            data-testid="qb-form-error"
          >
            {otherErrors.join(" ")}
          </div>
        ) : null}
        <Button variant="primary" type="submit" disabled={!fresh || !draft.customer || create.isPending}>
          {create.isPending ? "Creating…" : "Create contract"}
        </Button>
        {!draft.customer ? <p className="text-sm text-slate-700">Choose a customer to create the contract.</p> : null}
      </form>
      <aside aria-label="Quote" className="lg:sticky lg:top-4 lg:self-start">
        <Card title="Quote">
          <div aria-live="polite" aria-busy={quote.isFetching}>
            {!body ? (
              <p className="text-sm text-slate-700">Choose a bundle or a price to see the quote.</p>
            ) : q ? (
              <div className={quote.isFetching || quote.isError ? "opacity-60" : ""}>
                <QuotePreview quote={q} />
              </div>
            ) : quote.isError ? (
              <p className="text-sm text-red-800">
                The quote cannot be priced yet: see the messages next to the fields.
              </p>
            ) : (
              <p className="text-sm text-slate-700">Pricing…</p>
            )}
          </div>
        </Card>
      </aside>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Create this contract?"
        testId="create-contract-dialog"
        confirmLabel="Create contract"
        {...mutationProgress(create, "Creating…")}
        onConfirm={() => {
          const b = offerBody(draft);
          if (b) create.mutate({ ...b, customer_reference: draft.customer });
        }}
        description={
          q
            ? q.trial_end_at && q.first_charge_amount
              ? `For ${draft.customer}: a free trial, then ${formatMoney(q.first_charge_amount, q.currency)} at its end and ${formatMoney(q.recurring_total_amount, q.currency)} each period.`
              : `For ${draft.customer}: ${draft.initialMode === "create_initial_run" ? `${formatMoney(q.total_amount, q.currency)} is scheduled to be charged now, then` : "billing starts at the first billing date:"} ${formatMoney(q.recurring_total_amount, q.currency)} each period.`
            : undefined
        }
      >
        {q ? (
          <ul className="list-inside list-disc text-sm text-slate-800">
            {q.recurring_items.concat(q.initial_lines as typeof q.recurring_items).map((l) => (
              <li key={l.key}>
                {l.product_name} × {l.quantity}: {formatMoney(l.line_total_amount, q.currency)}
              </li>
            ))}
          </ul>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
