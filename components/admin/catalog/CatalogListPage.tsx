// The page of a catalog record list (tax rates, shipping options, billing schedules): all records in a
// table, and the form for a new one under it.
import { CardsPage } from "@/components/admin/CardsPage";
import { BillingScheduleForm } from "./BillingScheduleForm";
import { BillingScheduleTable } from "./BillingScheduleTable";
import { CATALOG_NOUNS, type CatalogResource, capitalized } from "./catalogNouns";
import { ShippingOptionForm } from "./ShippingOptionForm";
import { ShippingOptionTable } from "./ShippingOptionTable";
import { TaxRateForm } from "./TaxRateForm";
import { TaxRateTable } from "./TaxRateTable";

const VIEWS: Record<CatalogResource, { Table: React.ComponentType; Form: React.ComponentType }> = {
  taxRates: { Table: TaxRateTable, Form: TaxRateForm },
  shippingOptions: { Table: ShippingOptionTable, Form: ShippingOptionForm },
  billingSchedules: { Table: BillingScheduleTable, Form: BillingScheduleForm },
};

export function CatalogListPage({ resource, description }: { resource: CatalogResource; description: string }) {
  const noun = CATALOG_NOUNS[resource];
  const { Table, Form } = VIEWS[resource];
  return (
    <CardsPage title={capitalized(`${noun}s`)} cards={{ [`All ${noun}s`]: <Table />, [`New ${noun}`]: <Form /> }}>
      {description}
    </CardsPage>
  );
}
