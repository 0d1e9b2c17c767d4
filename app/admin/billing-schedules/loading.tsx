import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return (
    <TableSkeleton
      columns={["Name", "Billing dates", "Time zone", "Next billing dates"]}
      label="Loading billing schedules"
    />
  );
}
