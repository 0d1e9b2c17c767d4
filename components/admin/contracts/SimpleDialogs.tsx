"use client";
// Actions without a proration preview: activate an inactive contract, grant credit, edit metadata, call off
// a scheduled pause or a scheduled item change.
import { useId, useState } from "react";
import { useTRPCClient } from "@/components/trpc/client";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { inputClass } from "@/components/ui/Field";
import { InputFormField, TextareaFormField } from "@/components/ui/FormField";
import { useContractAction } from "./useContractAction";

type Props = { open: boolean; onOpenChange: (o: boolean) => void; contractId: number };

export function ActivateDialog(p: Props) {
  const client = useTRPCClient();
  const m = useContractAction(
    () => client.contractActions.activate.mutate({ contract_id: p.contractId }),
    "Contract activated",
    () => p.onOpenChange(false),
  );
  return (
    <ConfirmDialog
      {...p}
      title="Activate contract?"
      description="Billing starts: the first run is created as the contract's initial billing mode says."
      confirmLabel="Activate contract"
      pending={m.isPending}
      onConfirm={() => m.mutate(undefined)}
      error={formErrorOf(m.error, [])}
    />
  );
}

export function AddCreditDialog({ currency, ...p }: Props & { currency: string }) {
  const client = useTRPCClient();
  const uid = useId();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const m = useContractAction(
    () => client.contractActions.addCredit.mutate({ contract_id: p.contractId, amount, reason }),
    "Credit added",
    () => p.onOpenChange(false),
  );
  const e = fieldErrorsOf(m.error);
  return (
    <ConfirmDialog
      {...p}
      title="Add credit"
      description={`Recorded on the contract in ${currency}; a billing run uses it when credit is applied.`}
      confirmLabel="Add credit"
      pending={m.isPending}
      onConfirm={() => m.mutate(undefined)}
      error={formErrorOf(m.error, ["amount", "reason"])}
    >
      <form
        className="space-y-3"
        onSubmit={(ev) => {
          ev.preventDefault();
          m.mutate(undefined);
        }}
      >
        <InputFormField
          id={`${uid}-amount`}
          label={`Amount (${currency})`}
          errors={e.amount}
          required
          inputMode="decimal"
          placeholder="0.00"
          value={amount}
          onChange={(ev) => setAmount(ev.target.value)}
        />
        <InputFormField
          id={`${uid}-reason`}
          label="Reason"
          errors={e.reason}
          required
          value={reason}
          onChange={(ev) => setReason(ev.target.value)}
        />
      </form>
    </ConfirmDialog>
  );
}

export function EditMetadataDialog({ metadata, ...p }: Props & { metadata: Record<string, unknown> }) {
  const client = useTRPCClient();
  const uid = useId();
  const [text, setText] = useState(() => JSON.stringify(metadata, null, 2));
  const [parseError, setParseError] = useState<string | null>(null);
  const m = useContractAction(
    (value: unknown) =>
      client.contractActions.update.mutate({ contract_id: p.contractId, metadata: value as Record<string, string> }),
    "Metadata saved",
    () => p.onOpenChange(false),
  );
  const submit = () => {
    try {
      const value = JSON.parse(text || "{}");
      setParseError(null);
      m.mutate(value);
    } catch {
      setParseError('Enter a JSON object, e.g. {"crm_id": "42"}.');
    }
  };
  const errors = parseError ? [parseError] : fieldErrorsOf(m.error).metadata;
  return (
    <ConfirmDialog
      {...p}
      title="Edit metadata"
      description="Replaces the contract's metadata with this JSON object."
      confirmLabel="Save metadata"
      pending={m.isPending}
      onConfirm={submit}
      error={formErrorOf(m.error, ["metadata"])}
    >
      <TextareaFormField
        id={`${uid}-metadata`}
        label="Metadata (JSON)"
        errors={errors}
        rows={8}
        value={text}
        onChange={(ev) => setText(ev.target.value)}
        className={`${inputClass} w-full font-mono`}
      />
    </ConfirmDialog>
  );
}

// A scheduled pause or item change can be called off before it takes effect; only the texts differ.
const CALL_OFF = {
  pause: {
    label: "Cancel pause",
    description: "Billing and service continue through the window as if no pause had been scheduled.",
  },
  change: {
    label: "Cancel scheduled change",
    description: "The item keeps its current price and quantity; the renewal bills them.",
  },
};

function CallOffButton({ what, run }: { what: keyof typeof CALL_OFF; run: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const m = useContractAction(run, `Scheduled ${what} canceled`, () => setOpen(false));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={`Cancel the scheduled ${what}?`}
      description={CALL_OFF[what].description}
      trigger={
        <button type="button" className="text-sm text-red-800 underline">
          {CALL_OFF[what].label}
        </button>
      }
      confirmLabel={`Cancel scheduled ${what}`}
      tone="danger"
      pending={m.isPending}
      onConfirm={() => m.mutate(undefined)}
      error={formErrorOf(m.error, [])}
    />
  );
}

/** DELETE …/pause/{id}/ */
export function CancelPauseButton({ contractId, pauseId }: { contractId: number; pauseId: number }) {
  const client = useTRPCClient();
  const run = () => client.contractActions.cancelPause.mutate({ contract_id: contractId, pause_id: pauseId });
  return <CallOffButton what="pause" run={run} />;
}

/** A customer's downgrade at the renewal, say (DELETE …/scheduled-changes/{id}/). */
export function CancelScheduledChangeButton({ contractId, changeId }: { contractId: number; changeId: number }) {
  const client = useTRPCClient();
  const run = () =>
    client.contractActions.cancelScheduledChange.mutate({ contract_id: contractId, change_id: changeId });
  return <CallOffButton what="change" run={run} />;
}
