import { CardsPage } from "@/components/admin/CardsPage";
import { ProcessorTable } from "@/components/admin/settings/ProcessorTable";

export default function ProcessorsPage() {
  return (
    <CardsPage title="Payment processors" cards={{ Processors: <ProcessorTable /> }}>
      The processors your account can charge through, one per currency and collection method. Sales channels and
      contracts choose among the active ones.
    </CardsPage>
  );
}
