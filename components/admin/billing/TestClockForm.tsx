"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "../../trpc/client";
import { DateTime } from "../../ui/DateTime";

export function TestClockForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const clock = useQuery(trpc.billing.clock.queryOptions());
  const router = useRouter();
  const [to, setTo] = useState("");
  const advance = useMutation(trpc.billing.advanceClock.mutationOptions({ onSuccess: () => { qc.invalidateQueries(); router.refresh(); } })); // refresh: the layout's test-mode banner shows the clock
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => { e.preventDefault(); if (to) advance.mutate({ to: new Date(to).toISOString() }); }}
      data-testid="test-clock-form"
    >
      <p className="w-full text-sm text-slate-700">Account time now: <span data-testid="clock-now">{clock.data ? <DateTime value={clock.data.now} /> : "…"}</span></p>
      <label className="text-sm">Advance to
        <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} className="ml-2 rounded border px-2 py-1" name="to" />
      </label>
      <button disabled={advance.isPending || !to} className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50">
        {advance.isPending ? "Billing…" : "Advance clock"}
      </button>
      {advance.data && <p className="text-sm text-green-700" data-testid="clock-result">Clock at <DateTime value={advance.data.test_clock_at} />: {advance.data.processed.runsCreated} runs created, {advance.data.processed.runsExecuted} executed.</p>}
      {advance.error && <p className="text-sm text-red-700" role="alert">{advance.error.message}</p>}
    </form>
  );
}
