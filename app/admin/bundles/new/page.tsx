import Link from "next/link";
import { NewBundleForm } from "@/components/admin/catalog/NewBundleForm";
import { PageHeader } from "@/components/admin/PageHeader";
import { Card } from "@/components/ui/Card";

export default function NewBundlePage() {
  return (
    <>
      <Link href="/admin/bundles" className="text-sm text-blue-800 hover:underline">
        ← Bundles
      </Link>
      <PageHeader
        title="New bundle"
        description="Name the bundle and choose its items; add-on rules are added on the bundle's page."
      />
      <Card>
        <NewBundleForm />
      </Card>
    </>
  );
}
