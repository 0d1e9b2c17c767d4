// Filters of the audit log as a plain GET form: the URL carries them, so a filtered view can be shared.
import { inputClass } from "@/components/ui/Field";
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
      <div className="flex flex-col gap-1">
        <label htmlFor="audit-actor-type" className="text-sm font-medium text-slate-800">
          Who
        </label>
        <select id="audit-actor-type" name="actor_type" defaultValue={actorType} className={inputClass}>
          <Options of={ACTORS} value={(a) => a.value} label={(a) => a.label} />
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="audit-action" className="text-sm font-medium text-slate-800">
          Action contains
        </label>
        <input
          id="audit-action"
          name="action"
          type="search"
          defaultValue={action}
          maxLength={200}
          placeholder="e.g. cancel"
          className={inputClass}
        />
      </div>
      <button
        type="submit"
        className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800"
      >
        Filter
      </button>
    </form>
  );
}
