import { ProcessorTable } from "@/components/admin/settings/ProcessorTable";
import { Card } from "@/components/ui/Card";
import { PageHeader } from "@/components/ui/PageHeader";

export default function ProcessorsPage() {
  return (
    <>
      <PageHeader
        title="Payment processors"
        description="The processors your account can charge through, one per currency and collection method. Sales channels and contracts choose among the active ones."
      />
      <Card title="Processors">
        <ProcessorTable />
      </Card>
    </>
  );
}
