// The reference's small tables (parameters, schema fields): column headings over the given rows.
import { HeaderRow } from "@/components/ui/HeaderRow";

export function DocsTable({ columns, children }: { columns: string[]; children: React.ReactNode }) {
  const last = columns.length - 1;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase text-slate-600">
          <HeaderRow
            cells={columns.map((label, i) => [label, i === last ? "py-1 font-medium" : "py-1 pr-4 font-medium"])}
          />
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">{children}</tbody>
      </table>
    </div>
  );
}
