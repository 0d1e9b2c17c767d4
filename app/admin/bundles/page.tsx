import Link from "next/link";
import { Suspense } from "react";
import { BundleTable } from "@/components/admin/catalog/BundleTable";
import { PageHeader } from "@/components/admin/PageHeader";
import { Card } from "@/components/ui/Card";
import { primaryButtonClass } from "@/components/ui/PageHeader";
import { TableSkeleton } from "@/components/ui/TableSkeleton";

export default function BundlesPage() {
  return (
    <>
      <PageHeader
        title="Bundles"
        description="Bundle templates: products sold together, with default or selectable prices and add-on offers."
        actions={
          <Link href="/admin/bundles/new" className={primaryButtonClass}>
            New bundle
          </Link>
        }
      />
      <Card title="All bundles">
        <Suspense fallback={<TableSkeleton columns={5} />}>
          <BundleTable />
        </Suspense>
      </Card>
    </>
  );
}
