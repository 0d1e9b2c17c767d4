import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return (
    <TableSkeleton
      columns={["URL", "Events", "Signing secret", "Status", "Created"]}
      label="Loading webhook endpoints"
    />
  );
}
