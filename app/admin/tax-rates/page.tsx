import { TaxRateForm } from "@/components/admin/catalog/TaxRateForm";
import { TaxRateTable } from "@/components/admin/catalog/TaxRateTable";
import { PageHeader } from "@/components/admin/PageHeader";
import { Card } from "@/components/ui/Card";

export default function TaxRatesPage() {
  return (
    <>
      <PageHeader
        title="Tax rates"
        description="Rates products can apply; a deactivated rate stays on the products that use it."
      />
      <Card title="All tax rates">
        <TaxRateTable />
      </Card>
      <Card title="New tax rate">
        <TaxRateForm />
      </Card>
    </>
  );
}
