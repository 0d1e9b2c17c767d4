import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return <TableSkeleton columns={["Name", "Kind", "Prefix", "Created", "Status"]} label="Loading API keys" />;
}
