"use client";
// The console's one table: TanStack Table column defs, a real <table> (<th scope="col">), sorting kept
// in the URL (?sort=col / ?sort=-col, applied by the server), pagination at the bottom with the total
// (?page=N), an empty state that says how to create the first one, and a skeleton while loading.
// Columns are NOT sortable unless they say `enableSorting: true` (the server must know the id).
//
//   const columns: ColumnDef<Row>[] = [
//     { id: "customer", header: "Customer", cell: ({ row }) => <Link href={`/admin/customers/${row.original.id}`}>{row.original.name}</Link> },
//     { id: "created_at", header: "Created", enableSorting: true, cell: ({ row }) => <DateTime value={row.original.createdAt} /> },
//     { id: "total", header: "Total", meta: { align: "right" }, cell: ({ row }) => <Money amount={row.original.total} currency="EUR" /> },
//   ];
//   const [params] = useUrlState();
//   const q = useQuery(trpc.contracts.list.queryOptions({ page: pageOf(params), sort: params.get("sort") ?? undefined }));
//   <DataTable label="Contracts" columns={columns} data={q.data?.items} total={q.data?.total} pageSize={25}
//     loading={q.isPending} error={q.error} empty={{ message: "No contracts yet.", action: { href: "/admin/contracts/new", label: "Create the first contract" } }} />
//
// For small lists loaded whole, pass `clientSort` to sort in the browser instead (still via ?sort=).
//
// Two tables on one page page independently: each names its own parameter (`pageParam="runs_page"`), and
// `page` is the page the server actually served (a number past the end shows the last page).
// Below 640 px each row is a card (the same <table>, restyled): one "header: value" line per cell, so the
// amounts stay on screen; the table's scrolling wrapper is a focusable, named region for keyboard users.
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { EmptyState } from "./EmptyState";
import { ErrorState } from "./ErrorState";
import { Pagination } from "./Pagination";
import { TableSkeleton } from "./TableSkeleton";
import { pageOf, sortOf, sortParam, useUrlState } from "./useUrlState";

export type { ColumnDef } from "@tanstack/react-table";
export { TableSkeleton } from "./TableSkeleton";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData, TValue> {
    align?: "left" | "right";
    _?: [TData, TValue];
  }
}

export interface DataTableProps<T> {
  label: string; // the table's accessible name (caption, visually hidden)
  // biome-ignore lint/suspicious/noExplicitAny: TanStack types each column by its value type; a table mixes them
  columns: ColumnDef<T, any>[];
  data: T[] | undefined;
  total?: number;
  pageSize?: number;
  /** the page shown (default: the URL's `pageParam`) */
  page?: number;
  /** the query parameter holding this table's page: "page", or its own ("runs_page") beside other tables */
  pageParam?: string;
  loading?: boolean;
  error?: unknown;
  empty?: { title?: string; message: string; action?: { href: string; label: string }; testId?: string };
  getRowId?: (row: T, index: number) => string;
  clientSort?: boolean;
  testId?: string;
  rowTestId?: (row: T) => string;
  /** Extra attributes of a row, e.g. (p) => ({ "data-product-id": p.id }). */
  rowProps?: (row: T) => Record<`data-${string}`, string | number | boolean | undefined>;
}

type QueryState = { isPending: boolean; error: unknown };

/** The rows a query loaded, with its loading and error states: `<DataTable {...rowsOf(q, q.data)} …/>`. */
export function rowsOf<T>(query: QueryState, data: T[] | undefined) {
  return { data, loading: query.isPending, error: query.error };
}

/** One page of a `{ results, count }` answer: `<DataTable {...pageRowsOf(q, PAGE_SIZE)} …/>`. */
export function pageRowsOf<T>(query: QueryState & { data?: { results: T[]; count: number } }, pageSize: number) {
  return { ...rowsOf(query, query.data?.results), total: query.data?.count, pageSize };
}

export function DataTable<T>({
  label,
  columns,
  data,
  total,
  pageSize = 25,
  page,
  pageParam = "page",
  loading,
  error,
  empty,
  getRowId,
  clientSort,
  testId,
  rowTestId,
  rowProps,
}: DataTableProps<T>) {
  const [params, set] = useUrlState();
  const sort = sortOf(params);
  const sorting: SortingState = sort ? [sort] : [];
  const table = useReactTable({
    data: data ?? [],
    columns,
    getRowId,
    state: { sorting },
    defaultColumn: { enableSorting: false },
    manualSorting: !clientSort,
    getSortedRowModel: clientSort ? getSortedRowModel() : undefined,
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      set({ sort: sortParam(next[0] ?? null) });
    },
    getCoreRowModel: getCoreRowModel(),
  });

  if (error) return <ErrorState error={error} title={`Could not load ${label.toLowerCase()}`} />;
  if (loading || !data)
    return (
      <TableSkeleton
        columns={columns.map((c) => (typeof c.header === "string" ? c.header : ""))}
        label={`Loading ${label.toLowerCase()}`}
      />
    );
  if (data.length === 0 && empty) return <EmptyState {...empty} />;

  return (
    <div data-testid={testId} className="space-y-3">
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <table className="min-w-full text-sm max-sm:block">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-slate-50 text-left max-sm:sr-only">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const dir = h.column.getIsSorted();
                  const align = h.column.columnDef.meta?.align === "right" ? "text-right" : "text-left";
                  const content = h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext());
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      aria-sort={
                        h.column.getCanSort()
                          ? dir === "asc"
                            ? "ascending"
                            : dir === "desc"
                              ? "descending"
                              : "none"
                          : undefined
                      }
                      className={`px-3 py-2 font-medium text-slate-800 ${align}`}
                    >
                      {h.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={h.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 hover:underline"
                        >
                          {content}
                          <span aria-hidden="true">{dir === "asc" ? "▲" : dir === "desc" ? "▼" : "↕"}</span>
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="max-sm:block">
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-700">
                  {empty?.message ?? "Nothing to show."}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  {...rowProps?.(row.original)}
                  data-testid={rowTestId?.(row.original)}
                  className="border-t border-slate-100 hover:bg-slate-50 max-sm:block max-sm:px-3 max-sm:py-2"
                >
                  {row.getVisibleCells().map((cell) => {
                    const header = cell.column.columnDef.header;
                    return (
                      <td
                        key={cell.id}
                        data-label={typeof header === "string" ? header : undefined}
                        className={`px-3 py-2 align-top ${cell.column.columnDef.meta?.align === "right" ? "text-right" : ""} ${CARD_CELL}`}
                      >
                        <div className="max-sm:min-w-0 max-sm:text-right max-sm:break-words">
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </div>
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {total !== undefined ? (
        <Pagination
          total={total}
          pageSize={pageSize}
          page={page ?? pageOf(params, pageParam)}
          pageParam={pageParam}
          label={label}
          params={params}
        />
      ) : null}
    </div>
  );
}

// Below 640 px a cell is one line of its row's card: the column's header (from data-label), then the value.
const CARD_CELL =
  "max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-0.5 max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:font-medium max-sm:before:text-slate-700 max-sm:before:content-[attr(data-label)]";
