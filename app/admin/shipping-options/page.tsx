import { CatalogListPage } from "@/components/admin/catalog/CatalogListPage";

export default function ShippingOptionsPage() {
  return <CatalogListPage resource="shippingOptions" description="Delivery choices offered with physical products." />;
}
