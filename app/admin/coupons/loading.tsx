import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return (
    <TableSkeleton
      columns={["Name", "Discount", "Duration", "Redemptions", "Status", "Actions"]}
      label="Loading coupons"
    />
  );
}
