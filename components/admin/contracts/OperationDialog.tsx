"use client";
// The spec's preview pattern (4.6) for one contract operation: the seller fills the operation's fields,
// "Preview" asks the server what will be charged or credited and when (PreviewLines), and "Confirm <action>"
// sends exactly that preview's token, so the result equals the preview. Changing a field drops the preview.
// Item changes also choose what a charge made now does if its payment fails (payment_behavior).
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { type FieldErrors, fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { SelectFormField } from "@/components/ui/FormField";
import { toast } from "@/components/ui/Toaster";
import { useInputValue } from "@/components/ui/useInputValue";
import type { Operation, ProrationPreviewOut } from "@/server/schemas/contracts";
import { OPERATION_TEXTS } from "./operationTexts";
import { PreviewLines } from "./PreviewLines";

export type Body = Record<string, unknown>;

export interface OperationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contractId: number;
  currency: string;
  operation: Operation;
  title: string;
  tone?: "primary" | "danger";
  /** the operation's own fields as the seller set them (the server validates and names a wrong one) */
  body: Body;
  fieldNames: readonly string[];
  fields?: (errors: FieldErrors) => React.ReactNode;
  /** offer proration_behavior (item changes, cancel, pause) */
  prorationChoice?: boolean;
  /** offer payment_behavior (item changes) */
  paymentChoice?: boolean;
}

const PAYMENT_BEHAVIOR_LABELS: Record<string, string> = {
  allow_incomplete: "Apply at once; billing collects the payment",
  pending_if_incomplete: "Apply only once paid",
};

/** What the seller reads when the change's payment failed (400 `payment`): the reason, and that nothing changed. */
function paymentFailure(errors: FieldErrors): string | null {
  return errors.payment?.length
    ? `The payment failed: ${errors.payment.join(" ")} The change was not applied; the contract is unchanged.`
    : null;
}

/** The payment_behavior select: the account's default first, named by what it is. */
function PaymentBehaviorField({
  id,
  errors,
  ...props
}: { id: string; errors?: string[] } & ReturnType<typeof useInputValue>[1]) {
  const trpc = useTRPC();
  const account = useQuery(trpc.account.get.queryOptions());
  const fallback = account.data?.item_change_payment_behavior;
  return (
    <SelectFormField
      id={id}
      label="If a charge made now fails"
      errors={errors}
      hint="Matters when the change is invoiced now (Prorate and invoice now)."
      {...props}
    >
      <option value="">Account default{fallback ? ` (${PAYMENT_BEHAVIOR_LABELS[fallback].toLowerCase()})` : ""}</option>
      <option value="allow_incomplete">{PAYMENT_BEHAVIOR_LABELS.allow_incomplete}</option>
      <option value="pending_if_incomplete">{PAYMENT_BEHAVIOR_LABELS.pending_if_incomplete}</option>
    </SelectFormField>
  );
}

export function OperationDialog(p: OperationDialogProps) {
  const client = useTRPCClient();
  const router = useRouter();
  const uid = useId();
  const text = OPERATION_TEXTS[p.operation];
  const [proration, prorationProps] = useInputValue();
  const [payment, paymentProps] = useInputValue();
  const [preview, setPreview] = useState<ProrationPreviewOut | null>(null);
  const full = {
    ...p.body,
    ...(proration ? { proration_behavior: proration } : {}),
    ...(payment ? { payment_behavior: payment } : {}),
  };
  // a preview answers exactly the fields shown in this opening of the dialog: a change to either drops it
  // (set while rendering, so the stale preview is never shown)
  const current = { fields: JSON.stringify(full), open: p.open };
  const [previewedFor, setPreviewedFor] = useState(current);
  if (previewedFor.fields !== current.fields || previewedFor.open !== current.open) {
    setPreviewedFor(current);
    setPreview(null);
  }

  const previewing = useMutation({
    mutationFn: () =>
      client.contractActions.preview.query({ contract_id: p.contractId, operation: p.operation, ...full }),
    onSuccess: setPreview,
  });
  const confirming = useMutation({
    // the procedures answer differently (a contract, or it with its proration); the dialog only refreshes.
    // NOTE: the fields are this operation's REST body as the seller set them (the server validates them and
    // names a wrong one); TypeScript cannot call a union of the seven procedures with one loose body
    mutationFn: (): Promise<unknown> =>
      client.contractActions[text.procedure].mutate({
        ...full,
        contract_id: p.contractId,
        preview_token: preview!.preview_token,
      } as never),
    onSuccess: (result) => {
      // an item change whose payment waits for the customer's bank is not applied yet
      const awaiting = (result as { change_state?: string } | null)?.change_state === "awaiting_payment";
      toast.success(awaiting ? "Waiting for the customer's bank to confirm the payment" : text.successMessage);
      p.onOpenChange(false);
      router.refresh();
    },
  });
  const error = confirming.error ?? previewing.error;
  const errors = fieldErrorsOf(error);
  const shown = [...p.fieldNames, "proration_behavior", "payment_behavior", "payment"];

  return (
    <ConfirmDialog
      open={p.open}
      onOpenChange={(o) => {
        if (!o) {
          previewing.reset();
          confirming.reset();
        }
        p.onOpenChange(o);
      }}
      title={p.title}
      description={text.description}
      tone={p.tone}
      confirmLabel={preview ? text.confirmLabel : "Preview"}
      pendingLabel={preview ? `${text.confirmLabel}…` : "Previewing…"}
      pending={previewing.isPending || confirming.isPending}
      onConfirm={() => (preview ? confirming.mutate() : previewing.mutate())}
      error={paymentFailure(errors) ?? formErrorOf(error, shown)}
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          previewing.mutate();
        }}
      >
        {p.fields?.(errors)}
        {p.prorationChoice ? (
          <SelectFormField
            id={`${uid}-proration`}
            label="Proration"
            errors={errors.proration_behavior}
            {...prorationProps}
          >
            <option value="">Account default</option>
            <option value="create_prorations">Prorate</option>
            <option value="always_invoice">Prorate and invoice now</option>
            <option value="none">No proration</option>
          </SelectFormField>
        ) : null}
        {p.paymentChoice ? (
          <PaymentBehaviorField id={`${uid}-payment`} errors={errors.payment_behavior} {...paymentProps} />
        ) : null}
      </form>
      {preview ? (
        <div className="mt-4 border-t border-slate-200 pt-3">
          <PreviewLines preview={preview} currency={p.currency} />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
