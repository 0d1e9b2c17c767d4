import { CatalogListPage } from "@/components/admin/catalog/CatalogListPage";

export default function BillingSchedulesPage() {
  return (
    <CatalogListPage
      resource="billingSchedules"
      description="Fixed billing dates (e.g. 1 Jan and 1 Jul) that recurring prices can follow instead of an interval."
    />
  );
}
