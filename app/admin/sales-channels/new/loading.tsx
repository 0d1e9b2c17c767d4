import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return <TableSkeleton columns={2} rows={6} label="Loading the form" />;
}
