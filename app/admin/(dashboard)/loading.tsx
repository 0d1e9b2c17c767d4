import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return <TableSkeleton columns={["Figure", "Value"]} rows={4} label="Loading the dashboard" />;
}
