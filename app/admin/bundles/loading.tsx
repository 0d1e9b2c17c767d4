import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return (
    <TableSkeleton columns={["Name", "Reference", "Default currency", "Items", "Status"]} label="Loading bundles" />
  );
}
