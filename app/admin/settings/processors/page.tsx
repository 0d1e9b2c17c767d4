import { ListPage } from "@/components/admin/ListPage";
import { ProcessorTable } from "@/components/admin/settings/ProcessorTable";

export default function ProcessorsPage() {
  return (
    <ListPage
      title="Payment processors"
      description="The processors your account can charge through, one per currency and collection method. Sales channels and contracts choose among the active ones."
      listTitle="Processors"
      list={<ProcessorTable />}
    />
  );
}
