"use client";
// The cancellation customers go through on the subscriber page and in the portal: the reasons they pick from
// and a retention coupon offered once before a cancel is confirmed (tRPC settings.cancellation, the same domain
// as /v2/cancellation-settings/).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Card } from "@/components/ui/Card";
import { ErrorState } from "@/components/ui/ErrorState";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { FormError } from "@/components/ui/FormError";
import { SelectFormField, TextareaFormField } from "@/components/ui/FormField";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { TableSkeleton } from "@/components/ui/TableSkeleton";
import { toast } from "@/components/ui/Toaster";

export function CancellationSettingsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const q = useQuery(trpc.settings.cancellation.get.queryOptions());
  const coupons = useQuery(trpc.coupons.list.queryOptions());
  const update = useMutation(
    trpc.settings.cancellation.update.mutationOptions({
      onSuccess: async () => {
        toast.success("Cancellation settings saved");
        await queryClient.invalidateQueries(trpc.settings.cancellation.get.pathFilter());
      },
    }),
  );
  if (q.error) return <ErrorState error={q.error} title="Could not load the settings" onRetry={() => q.refetch()} />;
  if (!q.data) return <TableSkeleton columns={2} rows={3} label="Loading the cancellation settings" />;
  const settings = q.data;
  const errors = fieldErrorsOf(update.error);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const coupon = String(f.get("retention_coupon") ?? "");
    update.mutate({
      reasons: String(f.get("reasons") ?? "")
        .split("\n")
        .map((r) => r.trim())
        .filter(Boolean),
      retention_coupon: coupon ? Number(coupon) : null,
    });
  }

  return (
    <Card title="Cancellation">
      <form onSubmit={onSubmit} className="space-y-5" data-testid="cancellation-form" key={JSON.stringify(settings)}>
        <FormError message={formErrorOf(update.error, ["reasons", "retention_coupon"])} />
        <TextareaFormField
          id="cancel-reasons"
          name="reasons"
          label="Reasons customers pick from"
          hint="One per line, at most 10. None: customers may write their own."
          errors={errors.reasons}
          rows={4}
          defaultValue={settings.reasons.join("\n")}
        />
        <SelectFormField
          id="cancel-coupon"
          name="retention_coupon"
          label="Retention offer"
          hint="Shown once before a customer confirms a cancel; accepting applies the coupon and keeps the subscription."
          errors={errors.retention_coupon}
          defaultValue={settings.retention_coupon ?? ""}
        >
          <option value="">No offer</option>
          {(coupons.data ?? [])
            .filter((c) => c.active || c.id === settings.retention_coupon)
            .map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
        </SelectFormField>
        <SubmitButton pending={update.isPending} writeAction="change cancellation settings">
          Save cancellation settings
        </SubmitButton>
      </form>
    </Card>
  );
}
