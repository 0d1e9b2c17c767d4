"use client";
// Cancel (now, at period end, at a date), pause a window, resume and restart, through the preview pattern.
import { useId, useState } from "react";
import { InputFormField } from "@/components/ui/FormField";
import { type Body, OperationDialog } from "./OperationDialog";

type Props = { open: boolean; onOpenChange: (o: boolean) => void; contractId: number; currency: string };

/** datetime-local (browser zone) → ISO; empty stays undefined so the server names the missing field */
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);
const zoneHint = () => `Your local time (${Intl.DateTimeFormat().resolvedOptions().timeZone}).`;

/** A required local date and time with the browser's zone as its hint. */
function LocalTimeField(f: {
  id: string;
  label: string;
  errors?: string[];
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <InputFormField
      id={f.id}
      label={f.label}
      errors={f.errors}
      hint={zoneHint()}
      required
      type="datetime-local"
      value={f.value}
      onChange={(ev) => f.onChange(ev.target.value)}
    />
  );
}

export function CancelDialog(p: Props) {
  const uid = useId();
  const [mode, setMode] = useState<"period_end" | "now" | "date">("period_end");
  const [date, setDate] = useState("");
  const body: Body =
    mode === "period_end" ? { cancel_at_period_end: true } : mode === "date" ? { cancel_at: iso(date) } : {};
  const choice = (value: typeof mode, label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name={`${uid}-mode`} value={value} checked={mode === value} onChange={() => setMode(value)} />{" "}
      {label}
    </label>
  );
  return (
    <OperationDialog
      {...p}
      operation="cancel"
      prorationChoice
      tone="danger"
      title="Cancel contract"
      body={body}
      fieldNames={["cancel_at_period_end", "cancel_at"]}
      fields={(e) => (
        <>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">When</legend>
            {choice("period_end", "At the end of the current period")}
            {choice("now", "Now")}
            {choice("date", "At a date")}
          </fieldset>
          {e.cancel_at_period_end ? <p className="text-sm text-red-800">{e.cancel_at_period_end.join(" ")}</p> : null}
          {mode === "date" ? (
            <LocalTimeField id={`${uid}-date`} label="Cancel at" errors={e.cancel_at} value={date} onChange={setDate} />
          ) : null}
        </>
      )}
    />
  );
}

export function PauseDialog(p: Props) {
  const uid = useId();
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  return (
    <OperationDialog
      {...p}
      operation="pause"
      prorationChoice
      title="Pause contract"
      body={{ start_date: iso(start), end_date: iso(end) }}
      fieldNames={["start_date", "end_date"]}
      fields={(e) => (
        <>
          <LocalTimeField
            id={`${uid}-start`}
            label="Pause from"
            errors={e.start_date}
            value={start}
            onChange={setStart}
          />
          <LocalTimeField id={`${uid}-end`} label="Resume on" errors={e.end_date} value={end} onChange={setEnd} />
        </>
      )}
    />
  );
}

// Resume and restart take no input: only their titles differ.
const NO_INPUT_TITLES = { resume: "Resume contract", restart: "Restart contract" };

function NoInputDialog({ operation, ...p }: Props & { operation: keyof typeof NO_INPUT_TITLES }) {
  return <OperationDialog {...p} operation={operation} title={NO_INPUT_TITLES[operation]} body={{}} fieldNames={[]} />;
}

export const ResumeDialog = (p: Props) => <NoInputDialog {...p} operation="resume" />;
export const RestartDialog = (p: Props) => <NoInputDialog {...p} operation="restart" />;
