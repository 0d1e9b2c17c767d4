"use client";
// A console table fed by one query. A table states only what is its own (label, the hook loading its rows,
// columns, empty text); the loading and error states come from the query, the test ids from the label:
//
//   const couponTable: ListTableSpec<Coupon> = {
//     label: "Coupons", // table "coupons-table", rows "coupon-row"
//     useRows: () => useQuery(useTRPC().coupons.list.queryOptions()),
//     columns: [ … ],
//     empty: "No coupons yet. Create the first one with the form below.",
//   };
//   export function CouponTable() {
//     return <ListTable {...couponTable} />;
//   }
//
// A table whose query needs an input (a customer's reference…) gets it as `input` and passes it to `useRows`.
// A long history inside a detail page pages on the server: a `PagedListTableSpec` names its URL parameter
// (`pageParam: "deliveries_page"`) and its `usePage` hook loads that page (`{ results, count, page }`).
import { DataTable, type DataTableProps, rowsOf } from "@/components/ui/DataTable";
import { usePageParam } from "@/components/ui/useUrlState";

type Empty = NonNullable<DataTableProps<unknown>["empty"]>;
type QueryRows<T> = { isPending: boolean; error: unknown; data?: T[] };

export type QueryTableProps<T> = Omit<DataTableProps<T>, "data" | "loading" | "error" | "empty"> & {
  /** The query's state; its data are the rows. */
  query: QueryRows<T>;
  /** What the empty table says: the message alone, or with a title, an action and a test id. */
  empty: string | Empty;
};

const slug = (label: string) => label.toLowerCase().replace(/\s+/g, "-");
const singular = (plural: string) => plural.replace(/ies$/, "y").replace(/s$/, "");

/**
 * The test ids a table's label gives it ("API keys": table "api-keys-table", rows "api-key-row"); a table
 * with its own test id "<things>-table" still gets rows "<thing>-row", one with another test id none.
 */
export function tableTestIds(label: string, testId = `${slug(label)}-table`) {
  const rows = testId.endsWith("-table") ? `${singular(testId.slice(0, -"-table".length))}-row` : undefined;
  return { testId, rowTestId: rows ? () => rows : undefined };
}

/** A DataTable showing a query's rows, with its loading and error states and the test ids of its label. */
export function QueryTable<T>({ query, empty, label, testId, rowTestId, ...table }: QueryTableProps<T>) {
  const ids = tableTestIds(label, testId);
  return (
    <DataTable
      label={label}
      testId={ids.testId}
      rowTestId={rowTestId ?? ids.rowTestId}
      {...rowsOf(query, query.data)}
      empty={typeof empty === "string" ? { message: empty } : empty}
      {...table}
    />
  );
}

/**
 * A table that loads its own rows: `useRows` is a hook (a query), called with the table's `input`; columns
 * that need the input (a button acting on the endpoint…) are a function of it.
 */
export type ListTableSpec<T, Input = undefined> = Omit<QueryTableProps<T>, "query" | "columns"> & {
  useRows: (input: Input) => QueryRows<T>;
  columns: QueryTableProps<T>["columns"] | ((input: Input) => QueryTableProps<T>["columns"]);
};

export function ListTable<T, Input = undefined>({
  useRows,
  input,
  columns,
  ...table
}: ListTableSpec<T, Input> & (Input extends undefined ? { input?: Input } : { input: Input })) {
  const query = useRows(input as Input);
  return (
    <QueryTable {...table} columns={typeof columns === "function" ? columns(input as Input) : columns} query={query} />
  );
}

/** A page as the domain answers it: the rows, the total, and (when it says) the page it served and its size. */
export type PageQuery<T> = {
  isPending: boolean;
  error: unknown;
  data?: { results: T[]; count: number; page?: number | { number: number; size: number } };
};

/** One page of a `{ results, count }` query, with the pagination (of `pageSize` rows a page) under it. */
export function PageTable<T>({ query, ...table }: Omit<QueryTableProps<T>, "query"> & { query: PageQuery<T> }) {
  const rows = { isPending: query.isPending, error: query.error, data: query.data?.results };
  const page = query.data?.page;
  const served = typeof page === "object" ? page : undefined;
  return (
    <QueryTable
      {...table}
      query={rows}
      total={query.data?.count}
      page={served?.number ?? table.page}
      pageSize={served?.size ?? table.pageSize}
    />
  );
}

/** A table that loads one page of its rows, the page named by its own URL parameter. */
export type PagedListTableSpec<T, Input> = Omit<QueryTableProps<T>, "query" | "columns" | "pageParam"> & {
  pageParam: string;
  usePage: (input: Input, page: number) => PageQuery<T>;
  columns: QueryTableProps<T>["columns"] | ((input: Input) => QueryTableProps<T>["columns"]);
};

export function PagedListTable<T, Input>({
  usePage,
  input,
  columns,
  ...table
}: PagedListTableSpec<T, Input> & { input: Input }) {
  const query = usePage(input, usePageParam(table.pageParam));
  return <PageTable {...table} columns={typeof columns === "function" ? columns(input) : columns} query={query} />;
}
