import { PageHeader } from "@/components/admin/PageHeader";
import { NewProductForm } from "@/components/admin/products/NewProductForm";
import { ProductTable } from "@/components/admin/products/ProductTable";
import { Card } from "@/components/ui/Card";

export default function ProductsPage() {
  return (
    <>
      <PageHeader title="Products" description="Catalog products of the account, active and inactive." />
      <Card title="All products">
        <ProductTable />
      </Card>
      <Card title="New product">
        <NewProductForm />
      </Card>
    </>
  );
}
