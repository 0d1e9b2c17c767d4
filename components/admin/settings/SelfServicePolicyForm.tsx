"use client";
// The account's self-service policy: which subscriber-page actions customers may take, and the proration
// of their plan changes (tRPC settings.selfService, the same domain as /v2/self-service-policy/).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Card } from "@/components/ui/Card";
import { ErrorState } from "@/components/ui/ErrorState";
import { formErrorOf } from "@/components/ui/errors";
import { FormError } from "@/components/ui/FormError";
import { SelectFormField } from "@/components/ui/FormField";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { TableSkeleton } from "@/components/ui/TableSkeleton";
import { toast } from "@/components/ui/Toaster";

const ACTIONS = [
  ["allow_cancel", "Cancel at the end of the period, and undo a cancellation while the period lasts"],
  ["allow_change_plan", "Change plan: other prices, quantities, add-ons, removing optional items"],
  ["allow_pause", "Pause the subscription for one to three months"],
  ["allow_update_card", "Update the card on file"],
] as const;

const PRORATION = [
  [
    "upgrade_now_downgrade_at_renewal",
    "Upgrades are charged now (prorated); downgrades apply without credit and the lower price is billed from the renewal",
  ],
  ["prorate_both_now", "Upgrades are charged now and downgrades credited now (both prorated)"],
] as const;

export function SelfServicePolicyForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const q = useQuery(trpc.settings.selfService.get.queryOptions());
  const update = useMutation(
    trpc.settings.selfService.update.mutationOptions({
      onSuccess: async () => {
        toast.success("Self-service settings saved");
        await queryClient.invalidateQueries(trpc.settings.selfService.get.pathFilter());
      },
    }),
  );
  if (q.error) return <ErrorState error={q.error} title="Could not load the policy" onRetry={() => q.refetch()} />;
  if (!q.data) return <TableSkeleton columns={2} rows={4} label="Loading the self-service policy" />;
  const policy = q.data;

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    update.mutate({
      allow_cancel: f.has("allow_cancel"),
      allow_change_plan: f.has("allow_change_plan"),
      allow_pause: f.has("allow_pause"),
      allow_update_card: f.has("allow_update_card"),
      customer_proration: String(f.get("customer_proration")) as (typeof PRORATION)[number][0],
    });
  }

  return (
    <Card title="Subscriber page">
      <form onSubmit={onSubmit} className="space-y-5" data-testid="self-service-form" key={JSON.stringify(policy)}>
        <FormError message={formErrorOf(update.error, ["customer_proration"])} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Customers may</legend>
          {ACTIONS.map(([name, label]) => (
            <div key={name} className="flex items-start gap-2 text-sm">
              <input
                id={`ss-${name}`}
                type="checkbox"
                name={name}
                defaultChecked={policy[name]}
                className="mt-0.5 h-4 w-4"
              />
              <label htmlFor={`ss-${name}`}>{label}</label>
            </div>
          ))}
        </fieldset>
        <SelectFormField
          id="ss-proration"
          label="Proration of customers' plan changes"
          hint="An upgrade raises what each billing period costs; any other change is a downgrade."
          name="customer_proration"
          defaultValue={policy.customer_proration}
        >
          {PRORATION.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectFormField>
        <SubmitButton pending={update.isPending} writeAction="change self-service settings">
          Save self-service settings
        </SubmitButton>
      </form>
    </Card>
  );
}
