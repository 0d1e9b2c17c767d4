"use client";
// Refund a paid run, or issue a credit note on it (console.md, "Money going back"): the seller chooses what
// (the whole remaining amount, an amount, or lines by quantity), why, and for a credit note how it is settled
// (credited to the contract's balance, refunded, or both); the dialog shows the credit note the server would
// issue for exactly those fields (refunds.preview, live) and confirms with one button naming the amount.
// Tax is the server's: in proportion to what is credited.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Decimal from "decimal.js";
import { useEffect, useId, useState } from "react";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import type { RouterInputs, RouterOutputs } from "@/components/trpc/types";
import { useConsole } from "@/components/ui/ConsoleContext";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { type FieldErrors, fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { HeaderRow } from "@/components/ui/HeaderRow";
import { Money } from "@/components/ui/Money";
import { formatMoney } from "@/components/ui/money";
import { toast } from "@/components/ui/Toaster";
import { remainingOf } from "./remaining";
import type { Run } from "./runDetailColumns";

export type CreditMode = "refund" | "credit";

const dec = (s: string | null | undefined) => new Decimal(s || 0);

/** Why money goes back, as the credit note records it. */
export const CREDIT_REASONS = [
  "Requested by the customer",
  "Duplicate charge",
  "Billed by mistake",
  "Service problem",
  "Goodwill",
  "Other",
] as const;

type Scope = "full" | "amount" | "lines";
type Settle = "credit" | "refund" | "both";
type Body = Omit<RouterInputs["refunds"]["creditNote"], "billing_run_id">;

const SCOPES: [Scope, string][] = [
  ["full", "Everything still refundable"],
  ["amount", "An amount"],
  ["lines", "Lines, by quantity"],
];
const SETTLE_LABELS: Record<Settle, string> = {
  credit: "Credit to the contract's balance",
  refund: "Refund to the payment method",
  both: "Part refund, the rest credited",
};
// the fields the dialog shows (the server's messages for any other go above the buttons)
const SHOWN = ["amount", "reason", "refund_amount", "credit_amount", "lines"];

/** `value`, once it has stayed the same for `ms` (the preview follows the fields without a request per key). */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised value is the dependency
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [key, ms]);
  return settled;
}

export function CreditDialog({
  run,
  mode,
  open,
  onOpenChange,
}: {
  run: Run;
  mode: CreditMode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const uid = useId();
  const { locale } = useConsole();
  const remaining = remainingOf(run);
  const [scope, setScope] = useState<Scope>(mode === "refund" ? "full" : "amount");
  const [amount, setAmount] = useState("");
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState<string>(mode === "refund" ? CREDIT_REASONS[0] : "Goodwill");
  const [settle, setSettle] = useState<Settle>(mode === "refund" ? "refund" : "credit");
  const [refundPart, setRefundPart] = useState("");
  const creditable = run.lines.filter((l) => dec(l.line_total_amount).gt(0));

  const what =
    scope === "lines"
      ? {
          lines: creditable
            .filter((l) => quantities[l.id])
            .map((l) => ({ line_id: l.id, quantity: Number(quantities[l.id]) })),
        }
      : { amount: scope === "full" ? remaining : amount.trim() };
  const settlement =
    mode === "refund" || settle === "refund"
      ? { credit_amount: "0" }
      : settle === "credit"
        ? { refund_amount: "0" }
        : { refund_amount: refundPart.trim() };
  const body: Body = { ...what, ...settlement, reason };
  const ready =
    (scope !== "lines" || (body.lines?.length ?? 0) > 0) &&
    (scope !== "amount" || amount.trim() !== "") &&
    (settle !== "both" || refundPart.trim() !== "");
  const asked = useSettled(body);
  const preview = useQuery({
    ...trpc.refunds.preview.queryOptions({
      ...asked,
      billing_run_id: run.id,
      as: mode === "refund" ? "refund" : "credit_note",
    }),
    enabled: open && ready,
    retry: false,
  });
  // the preview shown answers the fields as they are now (not a few keystrokes ago)
  const current = preview.data && JSON.stringify(asked) === JSON.stringify(body) ? preview.data : null;

  const client = useTRPCClient();
  const issue = useMutation({
    mutationFn: () => {
      const input = { ...body, billing_run_id: run.id };
      return mode === "refund" ? client.refunds.refund.mutate(input) : client.refunds.creditNote.mutate(input);
    },
    onSuccess: async (note) => {
      onOpenChange(false);
      const failed = note.refunds.find((r) => r.state === "failed");
      if (failed) toast.error(`Credit note ${note.number} issued, but the refund failed: ${failed.fail_message ?? ""}`);
      else toast.success(`Credit note ${note.number} issued: ${formatMoney(note.total_amount, note.currency, locale)}`);
      await qc.invalidateQueries();
    },
  });
  const error = issue.error ?? (ready ? preview.error : null);
  const errors = fieldErrorsOf(error);
  const total = current ? formatMoney(current.total_amount, run.currency, locale) : null;
  const verb = mode === "refund" ? "Refund" : "Issue credit note";
  const confirmLabel = total ? (mode === "refund" ? `Refund ${total}` : `Issue credit note for ${total}`) : verb;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) issue.reset();
        onOpenChange(o);
      }}
      title={mode === "refund" ? `Refund billing run ${run.id}` : `Credit note on billing run ${run.id}`}
      description={
        <>
          {mode === "refund"
            ? "Sends money back to the customer and issues a credit note for it."
            : "A credit note against the run's receipt: credited to the contract's balance (used when a seller applies it), refunded, or both."}{" "}
          Up to <Money amount={remaining} currency={run.currency} /> can still go back.
        </>
      }
      testId={`${mode}-dialog`}
      confirmLabel={confirmLabel}
      pendingLabel={issue.isPending ? (mode === "refund" ? "Refunding…" : "Issuing…") : confirmLabel}
      pending={issue.isPending || !current}
      onConfirm={() => issue.mutate()}
      error={formErrorOf(error, SHOWN)}
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (current) issue.mutate();
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">
            {mode === "refund" ? "What to refund" : "What to credit"}
          </legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {SCOPES.map(([value, label]) => (
              <label key={value} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name={`${uid}-scope`}
                  value={value}
                  checked={scope === value}
                  onChange={() => setScope(value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {scope === "amount" ? (
          <InputFormField
            id={`${uid}-amount`}
            label={`Amount (${run.currency}, tax included)`}
            errors={errors.amount}
            required
            inputMode="decimal"
            placeholder="0.00"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        ) : null}
        {scope === "lines" ? (
          <LineQuantities run={run} lines={creditable} errors={errors} uid={uid} {...{ quantities, setQuantities }} />
        ) : null}
        {scope === "full" && errors.amount ? <p className="text-sm text-red-800">{errors.amount.join(" ")}</p> : null}
        <SelectFormField
          id={`${uid}-reason`}
          label="Reason"
          required
          errors={errors.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        >
          {CREDIT_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectFormField>
        {mode === "credit" ? (
          <SelectFormField
            id={`${uid}-settle`}
            label="Settle as"
            errors={errors.credit_amount}
            value={settle}
            onChange={(e) => setSettle(e.target.value as Settle)}
          >
            {(Object.keys(SETTLE_LABELS) as Settle[]).map((s) => (
              <option key={s} value={s}>
                {SETTLE_LABELS[s]}
              </option>
            ))}
          </SelectFormField>
        ) : null}
        {mode === "credit" && settle === "both" ? (
          <InputFormField
            id={`${uid}-refund-part`}
            label={`Refunded part (${run.currency}); the rest is credited`}
            errors={errors.refund_amount}
            required
            inputMode="decimal"
            placeholder="0.00"
            value={refundPart}
            onChange={(e) => setRefundPart(e.target.value)}
          />
        ) : errors.refund_amount ? (
          <p className="text-sm text-red-800">{errors.refund_amount.join(" ")}</p>
        ) : null}
      </form>
      <CreditPreview preview={current} currency={run.currency} loading={ready && preview.isFetching && !current} />
    </ConfirmDialog>
  );
}

type Line = Run["lines"][number];

function LineQuantities({
  run,
  lines,
  errors,
  uid,
  quantities,
  setQuantities,
}: {
  run: Run;
  lines: Line[];
  errors: FieldErrors;
  uid: string;
  quantities: Record<number, string>;
  setQuantities: (q: Record<number, string>) => void;
}) {
  if (!lines.length) return <p className="text-sm text-slate-700">This run has no line that charged anything.</p>;
  const lineErrors = (i: number) => [...(errors[`lines.${i}.quantity`] ?? []), ...(errors[`lines.${i}.line_id`] ?? [])];
  const chosen = lines.filter((l) => quantities[l.id]);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Lines and quantities to credit</legend>
      {lines.map((l) => {
        const on = !!quantities[l.id];
        const at = chosen.findIndex((c) => c.id === l.id);
        return (
          <div key={l.id} className="flex flex-wrap items-end gap-3 text-sm">
            <label className="flex min-w-0 flex-1 items-center gap-2">
              <input
                type="checkbox"
                checked={on}
                onChange={(e) => {
                  const next = { ...quantities };
                  if (e.target.checked) next[l.id] = String(l.quantity);
                  else delete next[l.id];
                  setQuantities(next);
                }}
              />
              <span>
                {l.product_name} ({l.quantity} × <Money amount={l.unit_amount} currency={run.currency} />,{" "}
                <Money amount={l.line_total_amount} currency={run.currency} /> with tax)
              </span>
            </label>
            {on ? (
              <div className="w-28">
                <InputFormField
                  id={`${uid}-qty-${l.id}`}
                  label="Quantity"
                  type="number"
                  min={1}
                  max={l.quantity}
                  errors={at >= 0 ? lineErrors(at) : undefined}
                  value={quantities[l.id]}
                  onChange={(e) => setQuantities({ ...quantities, [l.id]: e.target.value })}
                />
              </div>
            ) : null}
          </div>
        );
      })}
      {errors.lines ? <p className="text-sm text-red-800">{errors.lines.join(" ")}</p> : null}
    </fieldset>
  );
}

type Preview = RouterOutputs["refunds"]["preview"];

const METHOD_WORDS: Record<string, string> = {
  processor: "to the payment method it was paid with, through the processor",
  outside: "outside the processor (recorded as paid back)",
  chargeback: "by the bank's chargeback",
};

/** The credit note the server would issue: its lines, tax, total, and how it is settled. */
export function CreditPreview({
  preview,
  currency,
  loading,
}: {
  preview: Preview | null;
  currency: string;
  loading: boolean;
}) {
  if (!preview)
    return (
      <p className="mt-4 text-sm text-slate-700" aria-live="polite" data-testid="credit-preview-empty">
        {loading ? "Previewing the credit note…" : "Fill in the fields to preview the credit note."}
      </p>
    );
  const m = (amount: string) => <Money amount={amount} currency={currency} />;
  return (
    <section className="mt-4 space-y-2 text-sm" aria-label="Credit note preview" data-testid="credit-preview">
      <h3 className="font-medium">The credit note</h3>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">Lines of the credit note</caption>
        <thead>
          <HeaderRow
            className="border-b border-slate-200 text-xs uppercase text-slate-700"
            cells={[
              ["Line", "py-1 pr-2"],
              ["Tax", "py-1 pr-2 text-right"],
              ["Amount", "py-1 text-right"],
            ]}
          />
        </thead>
        <tbody>
          {preview.lines.map((l, i) => (
            // preview lines have no id; their order is the server's
            <tr key={i} className="border-b border-slate-100 align-top" data-testid="credit-preview-line">
              <td className="py-1 pr-2">{l.description}</td>
              <td className="py-1 pr-2 text-right">{m(l.tax_amount)}</td>
              <td className="py-1 text-right">{m(l.total_amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Subtotal</dt>
        <dd className="text-right">{m(preview.subtotal_amount)}</dd>
        <dt>Tax</dt>
        <dd className="text-right" data-testid="credit-preview-tax">
          {m(preview.tax_amount)}
        </dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold" data-testid="credit-preview-total">
          <Money amount={preview.total_amount} currency={currency} />
        </dd>
      </dl>
      <ul className="space-y-1" data-testid="credit-preview-settlement">
        {dec(preview.refund_amount).gt(0) ? (
          <li>
            {m(preview.refund_amount)} goes back {METHOD_WORDS[preview.refund_method ?? "processor"]}.
          </li>
        ) : null}
        {dec(preview.credit_amount).gt(0) ? (
          <li>{m(preview.credit_amount)} is credited to the contract's balance.</li>
        ) : null}
      </ul>
    </section>
  );
}
