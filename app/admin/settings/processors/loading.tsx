import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return (
    <TableSkeleton
      columns={["Id", "Name", "Kind", "Currency", "Collects by", "Charges", "Status"]}
      label="Loading payment processors"
    />
  );
}
