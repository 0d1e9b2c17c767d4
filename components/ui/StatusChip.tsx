// A state as a chip: one colour per meaning across the console, and the TEXT carries the state
// (never colour alone). Unknown statuses are grey.
//
//   <StatusChip status="past_due" />            → red "Past due"
//   <StatusChip status="paused" label="Paused until 1 May" />
const TONE = {
  good: "bg-green-100 text-green-900 ring-green-700/30",
  attention: "bg-amber-100 text-amber-900 ring-amber-700/30",
  bad: "bg-red-100 text-red-900 ring-red-700/30",
  neutral: "bg-slate-100 text-slate-800 ring-slate-600/30",
} as const;

export type ChipTone = keyof typeof TONE;

const MEANING: Record<string, ChipTone> = {
  active: "good",
  succeeded: "good",
  paid: "good",
  trialing: "good",
  enabled: "good",
  live: "good",
  delivered: "good",
  won: "good",
  attention: "attention",
  pending: "attention",
  open: "attention",
  paused: "attention",
  scheduled: "attention",
  processing: "attention",
  requires_action: "attention",
  retrying: "attention",
  draft: "attention",
  test: "attention",
  incomplete: "attention",
  failed: "bad",
  exhausted: "bad",
  past_due: "bad",
  unpaid: "bad",
  disputed: "bad",
  lost: "bad",
  revoked: "bad",
  canceled: "neutral",
  cancelled: "neutral",
  ended: "neutral",
  inactive: "neutral",
  archived: "neutral",
  expired: "neutral",
  void: "neutral",
  voided: "neutral",
  written_off: "neutral",
};

export const toneOf = (status: string): ChipTone => MEANING[status.toLowerCase()] ?? "neutral";

const humanise = (s: string) => s.replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());

export function StatusChip({
  status,
  label,
  tone,
  testId,
}: {
  status: string;
  label?: string;
  tone?: ChipTone;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE[tone ?? toneOf(status)]}`}
    >
      {label ?? humanise(status)}
    </span>
  );
}
