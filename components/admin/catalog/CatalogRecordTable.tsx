"use client";
// A catalog record list (tax rates, shipping options, billing schedules): the URL's search, status filter
// and page, the name, the record's own columns, then Status and Actions (Edit in a dialog, deactivate/activate).
//
//   const taxRateTable: CatalogTableSpec<CatalogRow<"taxRates">> = { resource: "taxRates", columns: [ … ], … };
//   export function TaxRateTable() {
//     return <CatalogRecordTable {...taxRateTable} />;
//   }
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { activeStatusColumn } from "@/components/admin/recordColumns";
import { Button } from "@/components/ui/Button";
import { type ColumnDef, DataTable, rowsOf } from "@/components/ui/DataTable";
import { Dialog } from "@/components/ui/Dialog";
import { toast } from "@/components/ui/Toaster";
import { ActiveToggle } from "./ActiveToggle";
import { CATALOG_PAGE_SIZE, CatalogListFilters, catalogEmpty, useCatalogListInput } from "./CatalogListFilters";
import { CATALOG_NOUNS, type CatalogRecord, type CatalogResource, capitalized, testIdOf } from "./catalogNouns";
import { useCatalogProcedures } from "./catalogResource";

interface RecordProps<Row extends CatalogRecord> {
  resource: CatalogResource;
  /** What deactivating changes, shown in the confirmation. */
  consequence: (row: Row) => string;
  /** The edit form for a row; it calls `onDone` after saving. */
  editForm: (row: Row, onDone: () => void) => React.ReactNode;
}

function RowActions<Row extends CatalogRecord>({
  resource,
  row,
  consequence,
  editForm,
}: RecordProps<Row> & { row: Row }) {
  const procedures = useCatalogProcedures(resource);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const noun = CATALOG_NOUNS[resource];
  const toggle = useMutation(
    procedures.update.mutationOptions({
      onSuccess: async (saved) => {
        toast.success(`${capitalized(noun)} ${saved.active ? "activated" : "deactivated"}`);
        await queryClient.invalidateQueries(procedures.pathFilter());
      },
    }),
  );
  return (
    <div className="flex flex-wrap gap-2">
      <Dialog
        title={`Edit ${noun} ${row.name}`}
        open={editing}
        onOpenChange={setEditing}
        trigger={
          <Button size="xs" writeAction={`edit ${noun}s`}>
            Edit
          </Button>
        }
      >
        {editForm(row, () => setEditing(false))}
      </Dialog>
      <ActiveToggle
        active={row.active}
        what={noun}
        pending={toggle.isPending}
        error={toggle.error?.message}
        consequence={consequence(row)}
        onChange={(active) => toggle.mutate({ id: row.id, active })}
      />
    </div>
  );
}

/** A catalog record table: its resource, its own columns (after the name), and its deactivate and edit. */
export type CatalogTableSpec<Row extends CatalogRecord> = RecordProps<Row> & { columns: ColumnDef<Row>[] };

export function CatalogRecordTable<Row extends CatalogRecord>({ columns, ...record }: CatalogTableSpec<Row>) {
  const input = useCatalogListInput();
  const procedures = useCatalogProcedures(record.resource);
  const rows = useQuery({ ...procedures.list.queryOptions(input), placeholderData: keepPreviousData });
  const noun = CATALOG_NOUNS[record.resource];
  const plural = `${noun}s`;
  const allColumns: ColumnDef<Row>[] = [
    { id: "name", header: "Name", accessorKey: "name" },
    ...columns,
    activeStatusColumn(),
    { id: "actions", header: "Actions", cell: ({ row }) => <RowActions {...record} row={row.original} /> },
  ];
  return (
    <div className="space-y-4">
      <CatalogListFilters what={plural} />
      <DataTable
        label={capitalized(plural)}
        testId={`${testIdOf(plural)}-table`}
        columns={allColumns}
        // the resource names the row type the caller gave its columns
        {...rowsOf(rows, rows.data?.results as Row[] | undefined)}
        total={rows.data?.count}
        pageSize={CATALOG_PAGE_SIZE}
        rowTestId={() => `${testIdOf(noun)}-row`}
        empty={catalogEmpty(input, plural, `No ${plural} yet. Create the first one with the form below.`)}
      />
    </div>
  );
}
