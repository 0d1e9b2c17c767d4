// The audit log's rows: when (UTC), who, what, target (with the ids before/after), request id.
import type { AuditRow } from "@/server/domain/audit/audit";
import { Badge } from "../../ui/Badge";

const ACTOR_LABEL: Record<string, string> = { user: "user", api_key: "API key", subscriber: "subscriber", customer: "customer", system: "system" };

/** `2026-11-23T11:27:05.123Z` → `2026-11-23 11:27:05 UTC` (the same for every viewer). */
export const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

function ids(r: AuditRow) {
  const parts = [];
  if (r.before_id && r.before_id !== r.target_id) parts.push(`before ${r.before_id}`);
  if (r.after_id && r.after_id !== r.target_id) parts.push(`after ${r.after_id}`);
  return parts.join(" · ");
}

export function AuditLogTable({ rows }: { rows: AuditRow[] }) {
  if (!rows.length) return <p className="text-sm text-slate-500" data-testid="audit-empty">No changes recorded yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="audit-table">
        <caption className="sr-only">Changes to this account, newest first</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-4">When (UTC)</th><th scope="col" className="py-2 pr-4">Who</th><th scope="col" className="py-2 pr-4">What</th>
            <th scope="col" className="py-2 pr-4">Target</th><th scope="col" className="py-2">Request id</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.id} data-testid="audit-row">
              <td className="whitespace-nowrap py-2 pr-4"><time dateTime={r.at}>{utc(r.at)}</time></td>
              <td className="py-2 pr-4"><Badge tone={r.actor_type === "user" ? "blue" : r.actor_type === "api_key" ? "purple" : "slate"}>{ACTOR_LABEL[r.actor_type] ?? r.actor_type}</Badge> <span className="font-mono text-xs">{r.actor_label || r.actor_id || "—"}</span></td>
              <td className="py-2 pr-4 font-mono text-xs">{r.action}</td>
              <td className="py-2 pr-4">{r.target_type ?? "—"}{r.target_id ? <span className="font-mono text-xs"> #{r.target_id}</span> : null}{ids(r) ? <div className="text-xs text-slate-500">{ids(r)}</div> : null}</td>
              <td className="py-2 font-mono text-xs">{r.request_id ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
