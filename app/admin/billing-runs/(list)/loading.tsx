import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return (
    <TableSkeleton
      columns={["Run", "Customer", "Contract", "State", "Period", "Scheduled", "Attempts", "Total"]}
      label="Loading billing runs"
    />
  );
}
