"use client";
// Actions without a proration preview: activate an inactive contract, grant credit, edit metadata, call off
// a scheduled pause or a scheduled item change. Each dialog loads when it opens (ContractHeader.tsx,
// CallOffButtons.tsx), so Radix Dialog is not in the contract page's first load.
import { useId, useState } from "react";
import { useTRPCClient } from "@/components/trpc/client";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { formErrorOf } from "@/components/ui/errors";
import { inputClass } from "@/components/ui/Field";
import { InputFormField, TextareaFormField } from "@/components/ui/FormField";
import { ContractActionDialog } from "./ContractActionDialog";
import { CALL_OFF_TEXTS, type CallOffWhat } from "./operationTexts";
import { useContractAction } from "./useContractAction";

type Props = { open: boolean; onOpenChange: (o: boolean) => void; contractId: number };

export function ActivateDialog(p: Props) {
  const client = useTRPCClient();
  const run = () => client.contractActions.activate.mutate({ contract_id: p.contractId });
  return <ContractActionDialog {...p} action="activate" run={run} />;
}

export function AddCreditDialog({ currency, ...p }: Props & { currency: string }) {
  const client = useTRPCClient();
  const uid = useId();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const run = () => client.contractActions.addCredit.mutate({ contract_id: p.contractId, amount, reason });
  return (
    <ContractActionDialog
      {...p}
      action="addCredit"
      description={`Recorded on the contract in ${currency}; a billing run uses it when credit is applied.`}
      run={run}
      fieldNames={["amount", "reason"]}
    >
      {({ errors, confirm }) => (
        <form
          className="space-y-3"
          onSubmit={(ev) => {
            ev.preventDefault();
            confirm();
          }}
        >
          <InputFormField
            id={`${uid}-amount`}
            label={`Amount (${currency})`}
            errors={errors.amount}
            required
            inputMode="decimal"
            placeholder="0.00"
            value={amount}
            onChange={(ev) => setAmount(ev.target.value)}
          />
          <InputFormField
            id={`${uid}-reason`}
            label="Reason"
            errors={errors.reason}
            required
            value={reason}
            onChange={(ev) => setReason(ev.target.value)}
          />
        </form>
      )}
    </ContractActionDialog>
  );
}

export function EditMetadataDialog({ metadata, ...p }: Props & { metadata: Record<string, unknown> }) {
  const client = useTRPCClient();
  const uid = useId();
  const [text, setText] = useState(() => JSON.stringify(metadata, null, 2));
  const [parseError, setParseError] = useState<string | null>(null);
  const parsed = () => JSON.parse(text || "{}") as Record<string, string>;
  const parses = () => {
    try {
      parsed();
      setParseError(null);
      return true;
    } catch {
      setParseError('Enter a JSON object, e.g. {"crm_id": "42"}.');
      return false;
    }
  };
  return (
    <ContractActionDialog
      {...p}
      action="editMetadata"
      validate={parses}
      run={() => client.contractActions.update.mutate({ contract_id: p.contractId, metadata: parsed() })}
      fieldNames={["metadata"]}
    >
      {({ errors }) => (
        <TextareaFormField
          id={`${uid}-metadata`}
          label="Metadata (JSON)"
          errors={parseError ? [parseError] : errors.metadata}
          rows={8}
          value={text}
          onChange={(ev) => setText(ev.target.value)}
          className={`${inputClass} w-full font-mono`}
        />
      )}
    </ContractActionDialog>
  );
}

/** Calls off a scheduled pause or item change (CallOffButtons.tsx opens it); only the texts differ. */
export function CallOffDialog({
  what,
  run,
  open,
  onOpenChange,
}: {
  what: CallOffWhat;
  run: () => Promise<unknown>;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const m = useContractAction(run, `Scheduled ${what} canceled`, () => onOpenChange(false));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel the scheduled ${what}?`}
      description={CALL_OFF_TEXTS[what].description}
      confirmLabel={`Cancel scheduled ${what}`}
      tone="danger"
      pending={m.isPending}
      onConfirm={() => m.mutate(undefined)}
      error={formErrorOf(m.error, [])}
    />
  );
}

/** A new subscriber page link (optionally expiring); the old link is refused from then on. */
export function RotateSubscriberLinkDialog(p: Props) {
  const client = useTRPCClient();
  const uid = useId();
  const [days, setDays] = useState("");
  const run = () =>
    client.contractActions.rotateSubscriberLink.mutate({
      contract_id: p.contractId,
      expires_in_days: days.trim() ? Number(days) : null,
    });
  return (
    <ContractActionDialog {...p} action="rotateSubscriberLink" run={run} fieldNames={["expires_in_days"]}>
      {({ errors, confirm }) => (
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            confirm();
          }}
        >
          <InputFormField
            id={`${uid}-days`}
            label="Expires after (days, optional)"
            errors={errors.expires_in_days}
            inputMode="numeric"
            placeholder="never"
            value={days}
            onChange={(ev) => setDays(ev.target.value)}
          />
        </form>
      )}
    </ContractActionDialog>
  );
}
