// Columns several record tables share (coupons, promotion codes, catalog records, add-on rules, the lists
// of the console): each table states only its column's id, header and what differs.
import Link from "next/link";
import type { ColumnDef } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import type { DateInput } from "@/components/ui/dates";
import { Money } from "@/components/ui/Money";
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

/** The record's state as a chip: "active", or `activeWord` ("enabled"…), and "inactive". */
export function activeStatusColumn<T extends { active: boolean }>(activeWord = "active"): ColumnDef<T> {
  return {
    id: "status",
    header: "Status",
    accessorFn: (c) => (c.active ? activeWord : "inactive"),
    cell: ({ getValue }) => <StatusChip status={String(getValue())} />,
  };
}

/** A column whose cell links to the row's own page (or another record's). */
export function linkColumn<T>(
  id: string,
  header: string,
  href: (row: T) => string,
  text: (row: T) => React.ReactNode,
  className = "text-blue-800 underline",
): ColumnDef<T> {
  return {
    id,
    header,
    cell: ({ row }) => (
      <Link href={href(row.original)} className={className}>
        {text(row.original)}
      </Link>
    ),
  };
}

/** The record's name, linking to its page under `base` (/admin/products…); sorted by name where sorted. */
export function nameLinkColumn<T extends { id: number; name: string }>(base: string): ColumnDef<T> {
  return {
    ...linkColumn<T>(
      "name",
      "Name",
      (r) => `${base}/${r.id}`,
      (r) => r.name,
      "font-medium text-blue-800 hover:underline",
    ),
    accessorKey: "name",
  };
}

/** The record's own reference (monospace), "—" when it has none. */
export function referenceColumn<T extends { reference: string | null }>(): ColumnDef<T> {
  return {
    id: "reference",
    header: "Reference",
    accessorFn: (r) => r.reference ?? "",
    cell: ({ row }) => <span className="font-mono text-xs text-slate-700">{row.original.reference ?? "—"}</span>,
  };
}

/** A date and time of the record (created_at, updated_at…), in the console's zone. */
export function dateColumn<K extends string, T extends Record<K, DateInput | null>>(
  key: K,
  header: string,
  id: string = key,
): ColumnDef<T> {
  return { id, header, cell: ({ row }) => <DateTime value={row.original[key]} /> };
}

/** The row's actions (buttons, dialogs); `hiddenHeader` names the column for screen readers only. */
export function actionsColumn<T>(
  cell: (row: T, index: number) => React.ReactNode,
  { hiddenHeader = false, align }: { hiddenHeader?: boolean; align?: "right" } = {},
): ColumnDef<T> {
  return {
    id: "actions",
    header: hiddenHeader ? () => <span className="sr-only">Actions</span> : "Actions",
    meta: align ? { align } : undefined,
    cell: ({ row }) => cell(row.original, row.index),
  };
}

/** An amount of the record in its currency, right-aligned. */
export function moneyColumn<K extends string, T extends Record<K, string | null> & { currency: string }>(
  key: K,
  header: string,
  id: string = key,
): ColumnDef<T> {
  return {
    id,
    header,
    meta: { align: "right" },
    cell: ({ row }) => <Money amount={row.original[key]} currency={row.original.currency} />,
  };
}
