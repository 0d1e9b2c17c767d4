import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return <TableSkeleton columns={["Name", "Service code", "Price", "Status"]} label="Loading shipping options" />;
}
