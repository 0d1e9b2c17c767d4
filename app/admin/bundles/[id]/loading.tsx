import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return <TableSkeleton columns={["Product", "Quantity", "Price choice", "Prices"]} label="Loading bundle" />;
}
