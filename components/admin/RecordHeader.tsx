// The page header of a catalog record (product, bundle): its name, id, active state and description.
import { PageHeader } from "@/components/ui/PageHeader";

export function RecordHeader({
  record,
  kind,
  actions,
}: {
  record: { id: number; name: string; active: boolean; description: string | null };
  kind: string;
  actions?: React.ReactNode;
}) {
  return (
    <PageHeader
      title={record.name}
      id={String(record.id)}
      idLabel={`${kind} id`}
      status={record.active ? "active" : "inactive"}
      description={record.description ?? undefined}
      actions={actions}
    />
  );
}
