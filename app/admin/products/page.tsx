import { CardsPage } from "@/components/admin/CardsPage";
import { NewProductForm } from "@/components/admin/products/NewProductForm";
import { ProductTable } from "@/components/admin/products/ProductTable";

export default function ProductsPage() {
  return (
    <CardsPage title="Products" cards={{ "All products": <ProductTable />, "New product": <NewProductForm /> }}>
      Catalog products of the account, active and inactive.
    </CardsPage>
  );
}
