import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return (
    <TableSkeleton
      columns={["Name", "Allowed origins", "Processors", "Status", "Updated"]}
      label="Loading sales channels"
    />
  );
}
