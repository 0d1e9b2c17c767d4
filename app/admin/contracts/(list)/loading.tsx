import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function Loading() {
  return (
    <TableSkeleton
      columns={["Contract", "Customer", "State", "Service", "Items", "Currency", "Next billing", "Created"]}
      label="Loading contracts"
    />
  );
}
