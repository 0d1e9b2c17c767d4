"use client";
// The seller's decisions on a run still unpaid (scheduled, failed, exhausted, written off): void it (nothing
// is ever charged for it), record that the customer paid outside the processor (bank transfer, cash,
// cheque: the run succeeds and its receipt says how it was paid), or write an exhausted one off. Each dialog
// says what happens and confirms once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPCClient } from "@/components/trpc/client";
import { useConsole } from "@/components/ui/ConsoleContext";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { Money } from "@/components/ui/Money";
import { toast } from "@/components/ui/Toaster";
import { parseZonedInput, toZonedInput } from "./clockSteps";
import type { Run } from "./runDetailColumns";

type Props = { run: Run; open: boolean; onOpenChange: (open: boolean) => void };

const VOID_REASONS = ["Billed by mistake", "Duplicate run", "Agreed with the customer", "Other"];
const WRITE_OFF_REASONS = ["Uncollectible", "Customer unreachable", "Agreed with the customer", "Other"];
export const PAID_METHODS = [
  ["bank_transfer", "Bank transfer"],
  ["cash", "Cash"],
  ["cheque", "Cheque"],
  ["other", "Other"],
] as const;

/** A mutation of the run that closes its dialog, says `done` and refreshes the page's queries. */
function useRunMutation<I>(call: (input: I) => Promise<unknown>, done: string, close: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      close();
      toast.success(done);
      await qc.invalidateQueries();
    },
  });
}

function ReasonDialog({ run, open, onOpenChange, action }: Props & { action: "void" | "writeOff" }) {
  const client = useTRPCClient();
  const uid = useId();
  const reasons = action === "void" ? VOID_REASONS : WRITE_OFF_REASONS;
  const [reason, setReason] = useState(reasons[0]);
  const m = useRunMutation(
    (input: { billing_run_id: number; reason: string }) =>
      action === "void" ? client.refunds.void.mutate(input) : client.refunds.writeOff.mutate(input),
    action === "void" ? `Billing run ${run.id} voided` : `Billing run ${run.id} written off`,
    () => onOpenChange(false),
  );
  const errors = fieldErrorsOf(m.error);
  const label = action === "void" ? "Void run" : "Write off";
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) m.reset();
        onOpenChange(o);
      }}
      title={action === "void" ? `Void billing run ${run.id}?` : `Write off billing run ${run.id}?`}
      description={
        action === "void" ? (
          <>
            Nothing is ever charged for this run (<Money amount={run.amount_due} currency={run.currency} />
            ): retries stop, no receipt is issued, and the contract stays as it is.
          </>
        ) : (
          <>
            The <Money amount={run.amount_due} currency={run.currency} /> still due is no longer expected: retries stop
            and the run leaves &quot;needs attention&quot;. It can still be paid later.
          </>
        )
      }
      tone="danger"
      testId={`${action === "void" ? "void" : "write-off"}-dialog`}
      confirmLabel={label}
      pendingLabel={action === "void" ? "Voiding…" : "Writing off…"}
      pending={m.isPending}
      onConfirm={() => m.mutate({ billing_run_id: run.id, reason })}
      error={formErrorOf(m.error, ["reason"])}
    >
      <SelectFormField
        id={`${uid}-reason`}
        label="Reason"
        required
        errors={errors.reason}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      >
        {reasons.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectFormField>
    </ConfirmDialog>
  );
}

export const VoidRunDialog = (p: Props) => <ReasonDialog {...p} action="void" />;
export const WriteOffDialog = (p: Props) => <ReasonDialog {...p} action="writeOff" />;

export function MarkPaidDialog({ run, open, onOpenChange }: Props) {
  const client = useTRPCClient();
  const uid = useId();
  const { timeZone, now } = useConsole();
  const today = toZonedInput(new Date(now ?? Date.now()), timeZone).slice(0, 10);
  const [method, setMethod] = useState<(typeof PAID_METHODS)[number][0]>("bank_transfer");
  const [reference, setReference] = useState("");
  const [date, setDate] = useState(today);
  const m = useRunMutation(
    () =>
      client.refunds.markPaid.mutate({
        billing_run_id: run.id,
        method,
        reference: reference.trim() || null,
        // today: now on the account's clock; an earlier day: its noon in the account's zone
        paid_at: !date || date === today ? null : (parseZonedInput(`${date} 12:00`, timeZone)?.toISOString() ?? date),
      }),
    `Billing run ${run.id} marked as paid`,
    () => onOpenChange(false),
  );
  const errors = fieldErrorsOf(m.error);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) m.reset();
        onOpenChange(o);
      }}
      title={`Mark billing run ${run.id} as paid?`}
      description={
        <>
          Records that the customer paid <Money amount={run.amount_due} currency={run.currency} /> outside the payment
          processor: the run succeeds, retries stop, and a receipt is issued saying how it was paid.
        </>
      }
      testId="mark-paid-dialog"
      confirmLabel="Mark as paid"
      pendingLabel="Recording…"
      pending={m.isPending}
      onConfirm={() => m.mutate(undefined)}
      error={formErrorOf(m.error, ["method", "reference", "paid_at"])}
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          m.mutate(undefined);
        }}
      >
        <SelectFormField
          id={`${uid}-method`}
          label="Paid by"
          required
          errors={errors.method}
          value={method}
          onChange={(e) => setMethod(e.target.value as typeof method)}
        >
          {PAID_METHODS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectFormField>
        <InputFormField
          id={`${uid}-reference`}
          label="Reference"
          hint="The transfer's reference or the cheque number, as the receipt should show it."
          errors={errors.reference}
          maxLength={200}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
        <InputFormField
          id={`${uid}-date`}
          label="Paid on"
          type="date"
          max={today}
          errors={errors.paid_at}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </form>
    </ConfirmDialog>
  );
}
