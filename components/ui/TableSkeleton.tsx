// A table-shaped placeholder while a list loads; usable from loading.tsx (no client hooks).
//
//   // app/admin/contracts/loading.tsx
//   export default function Loading() { return <TableSkeleton columns={["Customer", "Status", "Next charge"]} />; }
export function TableSkeleton({
  columns = 4,
  rows = 5,
  label = "Loading",
}: {
  columns?: number | string[];
  rows?: number;
  label?: string;
}) {
  const heads = typeof columns === "number" ? Array.from({ length: columns }, () => "") : columns;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      data-testid="table-skeleton"
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <span className="sr-only">{label}…</span>
      <table className="min-w-full text-sm" aria-hidden="true">
        <thead className="bg-slate-50">
          <tr>
            {heads.map((h, i) => (
              <th key={i} scope="col" className="px-3 py-2 text-left font-medium text-slate-700">
                {h || <span className="block h-3 w-20 animate-pulse rounded bg-slate-200" />}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <tr key={r} className="border-t border-slate-100">
              {heads.map((_, c) => (
                <td key={c} className="px-3 py-3">
                  <span
                    className="block h-3 animate-pulse rounded bg-slate-200"
                    style={{ width: `${50 + ((r * 7 + c * 13) % 40)}%` }}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
