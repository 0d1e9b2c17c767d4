import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return <TableSkeleton columns={["Reference", "Name", "Email", "Created"]} label="Loading customers" />;
}
