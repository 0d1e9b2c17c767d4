// Past, current and future amounts of one price.
import type { PriceVersion } from "../../trpc/types";
import { Badge } from "../../ui/Badge";
import { formatAmount, formatDateTime } from "../../ui/format";

function versionStatus(v: PriceVersion, now: number) {
  if (v.currently_effective) return <Badge tone="green">current</Badge>;
  if (v.effective_from && Date.parse(v.effective_from) > now) return <Badge tone="blue">scheduled</Badge>;
  return <Badge>past</Badge>;
}

export function PriceVersionsTable({ priceId, currency, versions }: { priceId: number; currency: string; versions: PriceVersion[] }) {
  const now = Date.now();
  return (
    <table className="w-full text-left text-sm" data-testid={`versions-${priceId}`}>
      <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
        <tr><th className="py-1 pr-4">Amount</th><th className="py-1 pr-4">Effective from</th><th className="py-1 pr-4">Effective to</th><th className="py-1">Status</th></tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {versions.map((v) => (
          <tr key={v.id} data-testid="version-row" data-current={v.currently_effective}>
            <td className="py-1 pr-4 tabular-nums" data-testid="version-amount">{formatAmount(v.unit_amount, currency)}</td>
            <td className="py-1 pr-4" title={v.effective_from ?? undefined}>{formatDateTime(v.effective_from, "open start")}</td>
            <td className="py-1 pr-4" title={v.effective_to ?? undefined}>{formatDateTime(v.effective_to, "open end")}</td>
            <td className="py-1">{versionStatus(v, now)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
