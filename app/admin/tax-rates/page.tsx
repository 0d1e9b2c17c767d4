import { CatalogListPage } from "@/components/admin/catalog/CatalogListPage";

export default function TaxRatesPage() {
  return (
    <CatalogListPage
      resource="taxRates"
      description="Rates products can apply; a deactivated rate stays on the products that use it."
    />
  );
}
