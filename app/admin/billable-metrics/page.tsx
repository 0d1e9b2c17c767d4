import { CardsPage } from "@/components/admin/CardsPage";
import { ExportLinks } from "@/components/admin/exports/ExportLinks";
import { BillableMetricForm } from "@/components/admin/usage/BillableMetricForm";
import { BillableMetricTable } from "@/components/admin/usage/BillableMetricTable";

export default function BillableMetricsPage() {
  return (
    <CardsPage
      title="Billable metrics"
      cards={{
        "All billable metrics": <BillableMetricTable />,
        "New billable metric": <BillableMetricForm />,
        "Usage events": <ExportLinks kind="usage-events" what="usage events" filters={{}} />,
      }}
    >
      How the usage events sent to /v2/usage-events/ add up over a period, for the metered prices that bill them.
    </CardsPage>
  );
}
