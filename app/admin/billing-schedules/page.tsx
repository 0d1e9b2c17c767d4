import { BillingScheduleForm } from "@/components/admin/catalog/BillingScheduleForm";
import { BillingScheduleTable } from "@/components/admin/catalog/BillingScheduleTable";
import { ListPage } from "@/components/admin/ListPage";

export default function BillingSchedulesPage() {
  return (
    <ListPage
      title="Billing schedules"
      description="Fixed billing dates (e.g. 1 Jan and 1 Jul) that recurring prices can follow instead of an interval."
      listTitle="All billing schedules"
      list={<BillingScheduleTable />}
      formTitle="New billing schedule"
      form={<BillingScheduleForm />}
    />
  );
}
