"use client";
// What a dashboard link narrowed the contract list to beyond the filter bar's own fields (created, ended
// or next billing ranges; several states at once), with a button that clears those filters.
import { Button } from "@/components/ui/Button";
import { DateTime } from "@/components/ui/DateTime";
import { useUrlState } from "@/components/ui/useUrlState";
import { RANGE_PARAMS } from "./listQuery";

const RANGES = [
  ["created", "Created"],
  ["ended", "Ended"],
  ["next_billing", "Next billing"],
] as const;

export function RangeFilterNote() {
  const [params, set] = useUrlState();
  const states = params.get("state")?.includes(",") ? params.get("state")!.split(",") : null;
  const ranges = RANGES.filter(
    ([key]) => params.get(`${key}_from`) || params.get(`${key}_after`) || params.get(`${key}_to`),
  );
  if (!states && !ranges.length) return null;
  const value = (k: string) => {
    const v = params.get(k);
    return v && !Number.isNaN(Date.parse(v)) ? <DateTime value={v} /> : "…";
  };
  return (
    <div
      role="status"
      data-testid="range-filters"
      className="flex flex-wrap items-center gap-3 rounded-md bg-slate-100 px-3 py-2 text-sm"
    >
      <span>Also filtered to:</span>
      {states ? <span>states {states.join(", ")}</span> : null}
      {ranges.map(([key, label]) => (
        <span key={key} data-testid={`range-${key}`}>
          {label} {params.get(`${key}_after`) ? "after" : "from"}{" "}
          {value(params.get(`${key}_after`) ? `${key}_after` : `${key}_from`)} to {value(`${key}_to`)}
        </span>
      ))}
      <Button
        size="xs"
        onClick={() => set(Object.fromEntries([...RANGE_PARAMS, ...(states ? ["state"] : [])].map((k) => [k, null])))}
      >
        Clear these filters
      </Button>
    </div>
  );
}
