"use client";
// The test clock: advance by a day, a month, or to an instant. The move is made in steps (clockSteps) with
// billing.advanceClock (the same domain function as POST /v2/test-clock/advance/); after each step the
// panel counts the runs created so far, and how many of those succeeded or failed, from runs.list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { DateTime } from "@/components/ui/DateTime";
import { formErrorOf } from "@/components/ui/errors";
import { inputClass } from "@/components/ui/Field";
import { toast } from "@/components/ui/Toaster";
import { addMonth, clockSteps, fromLocalInput } from "./clockSteps";
import { NewRuns } from "./NewRuns";
import { listHref } from "./runListQuery";

interface Progress {
  from: string;
  at: string;
  step: number;
  steps: number;
  created: number;
  succeeded: number;
  failed: number;
  done: boolean;
  stopped?: boolean;
}

export function TestClockPanel() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const id = useId();
  const clock = useQuery(trpc.billing.clock.queryOptions());
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<unknown>(null);
  const stop = useRef(false);
  const step = useMutation(trpc.billing.advanceClock.mutationOptions());
  const running = progress !== null && !progress.done;

  const count = async (
    window: { scheduled_from: string; scheduled_to: string },
    state: ("succeeded" | "failed" | "exhausted")[],
  ) =>
    (
      await qc.fetchQuery({
        ...trpc.runs.list.queryOptions({ page: 1, pageSize: 1, filters: { ...window, state } }),
        staleTime: 0,
      })
    ).count;

  async function advance(target: Date) {
    const now = new Date((await clock.refetch()).data?.now ?? Date.now());
    if (target <= now) {
      setError({ message: "Pick a time after the account's current time." });
      return;
    }
    setError(null);
    stop.current = false;
    const steps = clockSteps(now, target);
    const from = new Date(now.getTime() + 1).toISOString();
    let p: Progress = {
      from,
      at: now.toISOString(),
      step: 0,
      steps: steps.length,
      created: 0,
      succeeded: 0,
      failed: 0,
      done: false,
    };
    setProgress(p);
    try {
      for (const [i, at] of steps.entries()) {
        const r = await step.mutateAsync({ to: at.toISOString() });
        const window = { scheduled_from: from, scheduled_to: r.test_clock_at };
        const [succeeded, failed] = await Promise.all([
          count(window, ["succeeded"]),
          count(window, ["failed", "exhausted"]),
        ]);
        p = { ...p, at: r.test_clock_at, step: i + 1, created: p.created + r.processed.runsCreated, succeeded, failed };
        setProgress(p);
        if (stop.current && i + 1 < steps.length) {
          p = { ...p, stopped: true };
          break;
        }
      }
      toast.success(`Clock moved: ${p.created} runs created`);
    } catch (e) {
      setError(e);
    } finally {
      setProgress({ ...p, done: true });
      await qc.invalidateQueries();
      router.refresh(); // the layout's test-mode banner shows the clock
    }
  }

  const now = clock.data ? new Date(clock.data.now) : null;
  const formError = error ? formErrorOf(error, []) : null;
  return (
    <div className="space-y-6">
      <Card title="Move the clock">
        <p className="mb-4 text-sm text-slate-700">
          Account time now:{" "}
          <strong data-testid="clock-now">{now ? <DateTime value={now.toISOString()} /> : "…"}</strong>
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <Button disabled={!now || running} onClick={() => now && advance(new Date(now.getTime() + 86_400_000))}>
            Advance 1 day
          </Button>
          <Button disabled={!now || running} onClick={() => now && advance(addMonth(now))}>
            Advance 1 month
          </Button>
          <form
            className="flex flex-wrap items-end gap-3"
            data-testid="test-clock-form"
            onSubmit={(e) => {
              e.preventDefault();
              // Read from the form, not from state: a value typed before hydration is kept by the DOM.
              const d = fromLocalInput(String(new FormData(e.currentTarget).get("to") ?? ""));
              if (d) advance(d);
              else setError({ message: "Enter a date and time." });
            }}
          >
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-to`} className="text-sm font-medium text-slate-700">
                Advance to
              </label>
              <input id={`${id}-to`} name="to" type="datetime-local" className={inputClass} />
            </div>
            <Button type="submit" variant="primary" disabled={!now || running}>
              {running ? "Billing…" : "Advance clock"}
            </Button>
          </form>
          {running ? (
            <Button
              onClick={() => {
                stop.current = true;
              }}
            >
              Stop after this step
            </Button>
          ) : null}
        </div>
        {formError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {formError}
          </p>
        ) : null}
      </Card>
      {progress ? (
        <Card title={progress.done ? "Result" : "Billing in progress"}>
          <div role="status" aria-live="polite" data-testid="clock-progress" className="space-y-2 text-sm">
            <p>
              {progress.done
                ? progress.stopped
                  ? "Stopped"
                  : "Done"
                : `Step ${progress.step + 1} of ${progress.steps}`}
              : clock at <DateTime value={progress.at} />.
            </p>
            {!progress.done ? (
              <progress
                className="w-full"
                max={progress.steps}
                value={progress.step}
                aria-label="Clock advance progress"
              />
            ) : null}
            <p data-testid="clock-result">
              <strong>{progress.created}</strong> runs created, <strong>{progress.succeeded}</strong> succeeded,{" "}
              <strong>{progress.failed}</strong> failed.
            </p>
          </div>
          {progress.done ? (
            <div className="mt-4 space-y-2">
              <NewRuns from={progress.from} to={progress.at} />
              <Link
                className="text-sm text-blue-800 underline"
                href={listHref("/admin/billing-runs", { scheduled_from: progress.from, scheduled_to: progress.at })}
              >
                See these runs in the billing run list
              </Link>
            </div>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}
