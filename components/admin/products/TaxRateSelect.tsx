"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { inputClass } from "@/components/ui/Field";
import { formatPercent } from "@/components/ui/format";

export function TaxRateSelect({ id, name, invalid }: { id: string; name: string; invalid?: boolean }) {
  const trpc = useTRPC();
  const rates = useQuery(trpc.catalog.taxRates.list.queryOptions());
  return (
    <select id={id} name={name} className={inputClass} aria-invalid={invalid} defaultValue="">
      <option value="">{rates.isPending ? "Loading…" : "No tax rate"}</option>
      {rates.data?.map((r) => (
        <option key={r.id} value={r.id} disabled={!r.active}>
          {r.name} ({formatPercent(r.percentage)})
        </option>
      ))}
    </select>
  );
}
