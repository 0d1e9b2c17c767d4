// Filters of the audit log as a plain GET form: the URL carries them, so a filtered view can be shared.

import { Button } from "@/components/ui/Button";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { Options } from "@/components/ui/Options";

const ACTORS = [
  { value: "", label: "Anyone" },
  { value: "user", label: "Console user" },
  { value: "api_key", label: "API key" },
  { value: "subscriber", label: "Subscriber" },
  { value: "customer", label: "Customer (checkout)" },
  { value: "system", label: "System" },
];

export function AuditLogFilters({ actorType, action }: { actorType: string; action: string }) {
  return (
    <form method="get" action="/admin/audit-log" className="flex flex-wrap items-end gap-4" data-testid="audit-filters">
      <SelectFormField id="audit-actor-type" label="Who" name="actor_type" defaultValue={actorType}>
        <Options of={ACTORS} value={(a) => a.value} label={(a) => a.label} />
      </SelectFormField>
      <InputFormField
        id="audit-action"
        label="Action contains"
        name="action"
        type="search"
        defaultValue={action}
        maxLength={200}
        placeholder="e.g. cancel"
      />
      <Button type="submit" variant="primary">
        Filter
      </Button>
    </form>
  );
}
