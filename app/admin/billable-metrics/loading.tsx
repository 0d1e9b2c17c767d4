import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return (
    <TableSkeleton
      columns={["Code", "Name", "Aggregation", "Filters", "State", "Actions"]}
      label="Loading billable metrics"
    />
  );
}
