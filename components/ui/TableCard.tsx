// A Card that holds one DataTable: the card's heading names the section, the table's accessible name is
// `label` (the title when they are the same). `intro` stands above the table, children below it.
//
//   <TableCard title="Pauses" cardTestId="contract-pauses" columns={pauseCols} data={c.pauses} />
import { Card } from "@/components/ui/Card";
import { DataTable, type DataTableProps } from "@/components/ui/DataTable";

type TableCardProps<T> = Omit<DataTableProps<T>, "label"> & {
  title: string;
  label?: string;
  cardTestId?: string;
  intro?: React.ReactNode;
  children?: React.ReactNode;
};

export function TableCard<T>({ title, label, cardTestId, intro, children, ...table }: TableCardProps<T>) {
  return (
    <Card title={title} testId={cardTestId}>
      {intro}
      <DataTable label={label ?? title} {...table} />
      {children}
    </Card>
  );
}
