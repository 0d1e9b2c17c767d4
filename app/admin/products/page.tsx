import { ListPage } from "@/components/admin/ListPage";
import { NewProductForm } from "@/components/admin/products/NewProductForm";
import { ProductTable } from "@/components/admin/products/ProductTable";

export default function ProductsPage() {
  return (
    <ListPage
      title="Products"
      description="Catalog products of the account, active and inactive."
      listTitle="All products"
      list={<ProductTable />}
      formTitle="New product"
      form={<NewProductForm />}
    />
  );
}
