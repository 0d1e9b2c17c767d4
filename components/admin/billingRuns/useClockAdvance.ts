"use client";
// Moving the test clock in steps (clockSteps) with billing.advanceClock, the same domain function as
// POST /v2/test-clock/advance/; the steps carry one move id, so the move is one audit entry, and each
// step answers the runs created since the move began (counted in the database, the worker's too); the
// succeeded and failed ones of the window are counted from runs.list, and the seller may stop after the
// step under way.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { toast } from "@/components/ui/Toaster";
import { clockSteps } from "./clockSteps";

export interface ClockProgress {
  /** the window's start: just after the clock's time before the move */
  from: string;
  /** the clock's time after the last finished step */
  at: string;
  step: number;
  steps: number;
  created: number;
  succeeded: number;
  failed: number;
  done: boolean;
  stopped?: boolean;
}

type RunWindow = { scheduled_from: string; scheduled_to: string };

/** A move's id: random hex (crypto.randomUUID needs a secure context, which a console over http is not). */
const moveId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

export function useClockAdvance() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const clock = useQuery(trpc.billing.clock.queryOptions());
  const [progress, setProgress] = useState<ClockProgress | null>(null);
  const [error, setError] = useState<unknown>(null);
  const stopAfterStep = useRef(false);
  const step = useMutation(trpc.billing.advanceClock.mutationOptions());

  const count = async (window: RunWindow, state: ("succeeded" | "failed" | "exhausted")[]) =>
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
    stopAfterStep.current = false;
    const steps = clockSteps(now, target);
    const from = new Date(now.getTime() + 1).toISOString();
    const move = moveId();
    let p: ClockProgress = {
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
        const r = await step.mutateAsync({ to: at.toISOString(), move });
        const window = { scheduled_from: from, scheduled_to: r.test_clock_at };
        const [succeeded, failed] = await Promise.all([
          count(window, ["succeeded"]),
          count(window, ["failed", "exhausted"]),
        ]);
        p = { ...p, at: r.test_clock_at, step: i + 1, created: r.move.runs_created, succeeded, failed };
        setProgress(p);
        // the clock as the banner and "Account time now" show it, step by step (no refetch)
        qc.setQueryData(trpc.billing.clock.queryKey(), { now: r.test_clock_at });
        if (stopAfterStep.current && i + 1 < steps.length) {
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
      router.refresh(); // the layout's reading of the clock (banner, relative dates)
    }
  }

  return {
    /** the account's time now, once loaded */
    now: clock.data ? new Date(clock.data.now) : null,
    progress,
    running: progress !== null && !progress.done,
    error,
    setError,
    advance,
    stop: () => {
      stopAfterStep.current = true;
    },
  };
}
