import { Suspense } from "react";
import { CardsPage } from "@/components/admin/CardsPage";
import { BundleTable } from "@/components/admin/catalog/BundleTable";
import { TableSkeleton } from "@/components/ui/TableSkeleton";

const bundleList = (
  <Suspense fallback={<TableSkeleton columns={5} />}>
    <BundleTable />
  </Suspense>
);

export default function BundlesPage() {
  return (
    <CardsPage
      title="Bundles"
      newPage={{ href: "/admin/bundles/new", label: "New bundle" }}
      cards={{ "All bundles": bundleList }}
    >
      Bundle templates: products sold together, with default or selectable prices and add-on offers.
    </CardsPage>
  );
}
