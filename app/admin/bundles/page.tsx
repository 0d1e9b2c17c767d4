import Link from "next/link";
import { Suspense } from "react";
import { BundleTable } from "@/components/admin/catalog/BundleTable";
import { ListPage } from "@/components/admin/ListPage";
import { primaryButtonClass } from "@/components/ui/PageHeader";
import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function BundlesPage() {
  return (
    <ListPage
      title="Bundles"
      description="Bundle templates: products sold together, with default or selectable prices and add-on offers."
      actions={
        <Link href="/admin/bundles/new" className={primaryButtonClass}>
          New bundle
        </Link>
      }
      listTitle="All bundles"
      list={
        <Suspense fallback={<TableSkeleton columns={5} />}>
          <BundleTable />
        </Suspense>
      }
    />
  );
}
