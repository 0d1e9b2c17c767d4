import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return (
    <TableSkeleton
      columns={["Credit note", "Customer", "Issued", "Kind", "Corrects", "Reason", "Settled as", "Total"]}
      label="Loading credit notes"
    />
  );
}
