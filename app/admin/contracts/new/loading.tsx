import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return <TableSkeleton columns={["Customer", "Offer", "Quote"]} label="Loading the quote builder" />;
}
