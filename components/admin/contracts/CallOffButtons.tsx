"use client";
// "Cancel pause" and "Cancel scheduled change": a scheduled pause or item change called off before it takes
// effect. The button is here; its confirm dialog (SimpleDialogs.tsx) loads when it opens.
import dynamic from "next/dynamic";
import { useState } from "react";
import { useTRPCClient } from "@/components/trpc/client";
import { DialogLoading } from "@/components/ui/DialogLoading";
import { DialogTriggerButton } from "@/components/ui/DialogTriggerButton";
import { CALL_OFF_TEXTS, type CallOffWhat } from "./operationTexts";

const CallOffDialog = dynamic(() => import("./SimpleDialogs").then((m) => m.CallOffDialog), {
  ssr: false,
  loading: DialogLoading,
});

function CallOffButton({ what, run }: { what: CallOffWhat; run: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DialogTriggerButton
        variant="dangerSecondary"
        size="xs"
        writeAction={`cancel scheduled ${what}s`}
        open={open}
        onOpen={() => setOpen(true)}
      >
        {CALL_OFF_TEXTS[what].label}
      </DialogTriggerButton>
      {open ? <CallOffDialog what={what} run={run} open={open} onOpenChange={setOpen} /> : null}
    </>
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
