"use client";
// Past, current and future amounts of one price.
import type { PriceVersion } from "@/components/trpc/types";
import { useConsole } from "@/components/ui/ConsoleContext";
import { type ColumnDef, DataTable } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";
import { CancelScheduledVersionButton } from "./CancelScheduledVersionButton";
import { MODEL_LABELS, type PricingModelKind } from "./PricingModelEditor";

const isScheduled = (v: PriceVersion, now: number) =>
  !v.currently_effective && !!v.effective_from && Date.parse(v.effective_from) > now;

function versionStatus(v: PriceVersion, now: number) {
  if (v.currently_effective) return <StatusChip status="active" label="current" />;
  if (isScheduled(v, now)) return <StatusChip status="scheduled" label="scheduled" />;
  return <StatusChip status="ended" label="past" />;
}

export function PriceVersionsTable({
  priceId,
  currency,
  versions,
}: {
  priceId: number;
  currency: string;
  versions: PriceVersion[];
}) {
  const consoleNow = useConsole().now;
  const now = consoleNow ? Date.parse(consoleNow) : Date.now();
  const columns: ColumnDef<PriceVersion>[] = [
    {
      id: "amount",
      header: "Amount",
      cell: ({ row }) => {
        const model = row.original.pricing_model as { model: PricingModelKind; tiers?: unknown[] } | null;
        if (!model) return <Money amount={row.original.unit_amount} currency={currency} testId="version-amount" />;
        const tiers = model.tiers?.length;
        return (
          <span data-testid="version-model">
            {MODEL_LABELS[model.model] ?? model.model}
            {tiers ? ` (${tiers} ${tiers === 1 ? "tier" : "tiers"})` : ""}
          </span>
        );
      },
    },
    {
      id: "from",
      header: "Effective from",
      cell: ({ row }) => <DateTime value={row.original.effective_from} empty="open start" />,
    },
    {
      id: "to",
      header: "Effective to",
      cell: ({ row }) => <DateTime value={row.original.effective_to} empty="open end" />,
    },
    { id: "status", header: "Status", cell: ({ row }) => versionStatus(row.original, now) },
    {
      id: "actions",
      header: "Actions",
      cell: ({ row }) =>
        isScheduled(row.original, now) ? (
          <CancelScheduledVersionButton priceId={priceId} currency={currency} version={row.original} />
        ) : null,
    },
  ];
  return (
    <DataTable
      label={`Versions of price ${priceId}`}
      testId={`versions-${priceId}`}
      columns={columns}
      data={versions}
      rowTestId={() => "version-row"}
      rowProps={(v) => ({ "data-current": v.currently_effective })}
    />
  );
}
