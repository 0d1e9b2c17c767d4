// Columns several record tables share (coupons, promotion codes, catalog records, add-on rules).
import type { ColumnDef } from "@/components/ui/DataTable";
import { StatusChip } from "@/components/ui/StatusChip";

export function redemptionsColumn<
  T extends { times_redeemed: number; max_redemptions: number | null },
>(): ColumnDef<T> {
  return {
    id: "redemptions",
    header: "Redemptions",
    meta: { align: "right" },
    accessorFn: (c) => `${c.times_redeemed}${c.max_redemptions !== null ? ` of ${c.max_redemptions}` : ""}`,
  };
}

export function activeStatusColumn<T extends { active: boolean }>(): ColumnDef<T> {
  return {
    id: "status",
    header: "Status",
    accessorFn: (c) => (c.active ? "active" : "inactive"),
    cell: ({ getValue }) => <StatusChip status={String(getValue())} />,
  };
}
