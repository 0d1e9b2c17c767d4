import { ForecastView } from "@/components/admin/forecast/ForecastView";
import { PageHeader } from "@/components/ui/PageHeader";

export default function ForecastPage() {
  return (
    <>
      <PageHeader
        title="Forecast"
        description="What the account will bill per month over the next 12 months, from every live contract as it is now (scheduled price versions, pauses, cancellations)."
      />
      <ForecastView />
    </>
  );
}
