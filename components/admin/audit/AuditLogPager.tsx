// Previous / next links of the audit log, keeping the filters in the URL.
import Link from "next/link";

export function AuditLogPager({ page, pages, filters }: { page: number; pages: number; filters: Record<string, string> }) {
  const href = (n: number) => {
    const q = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
    if (n > 1) q.set("page", String(n));
    const s = q.toString();
    return `/admin/audit-log${s ? `?${s}` : ""}`;
  };
  const link = "rounded-md border border-slate-300 px-3 py-1 text-slate-700 hover:bg-slate-50";
  return (
    <nav aria-label="Audit log pages" className="mt-4 flex items-center justify-between text-sm" data-testid="audit-pager">
      {page > 1 ? <Link href={href(page - 1)} className={link} rel="prev">Previous</Link> : <span />}
      <span className="text-slate-500">Page {page} of {pages}</span>
      {page < pages ? <Link href={href(page + 1)} className={link} rel="next">Next</Link> : <span />}
    </nav>
  );
}
