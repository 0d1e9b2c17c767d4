import { TaxRateForm } from "@/components/admin/catalog/TaxRateForm";
import { TaxRateTable } from "@/components/admin/catalog/TaxRateTable";
import { ListPage } from "@/components/admin/ListPage";

export default function TaxRatesPage() {
  return (
    <ListPage
      title="Tax rates"
      description="Rates products can apply; a deactivated rate stays on the products that use it."
      listTitle="All tax rates"
      list={<TaxRateTable />}
      formTitle="New tax rate"
      form={<TaxRateForm />}
    />
  );
}
