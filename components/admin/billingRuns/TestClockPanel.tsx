"use client";
// The test clock: advance by a day, a month, or to an instant (MoveClockCard); the move is made in steps
// by useClockAdvance, and ClockProgressCard shows the clock and the runs created so far, and how many of
// those succeeded or failed.
import Link from "next/link";
import { useId } from "react";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { useConsole } from "@/components/ui/ConsoleContext";
import { DateTime } from "@/components/ui/DateTime";
import { formErrorOf } from "@/components/ui/errors";
import { inputClass } from "@/components/ui/Field";
import { addMonth, parseZonedInput, toZonedInput } from "./clockSteps";
import { NewRuns } from "./NewRuns";
import { listHref } from "./runListQuery";
import { type ClockProgress, useClockAdvance } from "./useClockAdvance";

export function TestClockPanel() {
  const move = useClockAdvance();
  return (
    <div className="space-y-6">
      <MoveClockCard {...move} />
      {move.progress ? <ClockProgressCard progress={move.progress} /> : null}
    </div>
  );
}

function MoveClockCard({
  now,
  running,
  error,
  setError,
  advance,
  stop,
}: Omit<ReturnType<typeof useClockAdvance>, "progress">) {
  const id = useId();
  const { timeZone } = useConsole();
  const formError = error ? formErrorOf(error, []) : null;
  return (
    <Card title="Move the clock">
      <p className="mb-4 text-sm text-slate-700">
        Account time now: <strong data-testid="clock-now">{now ? <DateTime value={now.toISOString()} /> : "…"}</strong>
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Button
          disabled={!now || running}
          writeAction="move the test clock"
          onClick={() => now && advance(new Date(now.getTime() + 86_400_000))}
        >
          Advance 1 day
        </Button>
        <Button
          disabled={!now || running}
          writeAction="move the test clock"
          onClick={() => now && advance(addMonth(now))}
        >
          Advance 1 month
        </Button>
        <form
          className="flex flex-wrap items-end gap-3"
          data-testid="test-clock-form"
          onSubmit={(e) => {
            e.preventDefault();
            // Read from the form, not from state: a value typed before hydration is kept by the DOM.
            const d = parseZonedInput(String(new FormData(e.currentTarget).get("to") ?? ""), timeZone);
            if (d) advance(d);
            else setError({ message: "Enter a date and a 24-hour time, e.g. 2028-04-10 14:30." });
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-to`} className="text-sm font-medium text-slate-700">
              Advance to ({timeZone}, 24-hour)
            </label>
            {/* a text field, not datetime-local: that one shows the browser's 12-hour format and zone */}
            <input
              id={`${id}-to`}
              name="to"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              pattern="\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}"
              placeholder={now ? toZonedInput(now, timeZone) : "YYYY-MM-DD HH:MM"}
              aria-describedby={`${id}-to-hint`}
              className={inputClass}
              data-testid="advance-to"
            />
            <span id={`${id}-to-hint`} className="text-xs text-slate-700">
              Date and time as YYYY-MM-DD HH:MM (00:00–23:59)
            </span>
          </div>
          <Button variant="primary" type="submit" disabled={!now || running} writeAction="move the test clock">
            {running ? "Billing…" : "Advance clock"}
          </Button>
        </form>
        {running ? <Button onClick={stop}>Stop after this step</Button> : null}
      </div>
      {formError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {formError}
        </p>
      ) : null}
    </Card>
  );
}

function ClockProgressCard({ progress }: { progress: ClockProgress }) {
  const state = progress.done
    ? progress.stopped
      ? "Stopped"
      : "Done"
    : `Step ${progress.step + 1} of ${progress.steps}`;
  return (
    <Card title={progress.done ? "Result" : "Billing in progress"}>
      <div role="status" aria-live="polite" data-testid="clock-progress" className="space-y-2 text-sm">
        <p>
          {state}: clock at <DateTime value={progress.at} />.
        </p>
        {!progress.done ? (
          <progress className="w-full" max={progress.steps} value={progress.step} aria-label="Clock advance progress" />
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
  );
}
