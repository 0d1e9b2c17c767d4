import { BillingScheduleForm } from "@/components/admin/catalog/BillingScheduleForm";
import { BillingScheduleTable } from "@/components/admin/catalog/BillingScheduleTable";
import { PageHeader } from "@/components/admin/PageHeader";
import { Card } from "@/components/ui/Card";

export default function BillingSchedulesPage() {
  return (
    <>
      <PageHeader
        title="Billing schedules"
        description="Fixed billing dates (e.g. 1 Jan and 1 Jul) that recurring prices can follow instead of an interval."
      />
      <Card title="All billing schedules">
        <BillingScheduleTable />
      </Card>
      <Card title="New billing schedule">
        <BillingScheduleForm />
      </Card>
    </>
  );
}
