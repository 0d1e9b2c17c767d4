import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return <TableSkeleton columns={["Name", "Percentage", "Status", "Actions"]} label="Loading tax rates" />;
}
