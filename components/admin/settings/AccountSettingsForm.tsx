"use client";
// The account's name, subscriber page URL, display time zone, renewal notice and what item changes charged
// now do when their payment fails; the mode (test/live) is shown, not edited.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Card } from "@/components/ui/Card";
import { DateTime } from "@/components/ui/DateTime";
import { ErrorState } from "@/components/ui/ErrorState";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { Options } from "@/components/ui/Options";
import { StatusChip } from "@/components/ui/StatusChip";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { SummaryStrip } from "@/components/ui/SummaryStrip";
import { TableSkeleton } from "@/components/ui/TableSkeleton";
import { toast } from "@/components/ui/Toaster";

const FIELDS = [
  "name",
  "subscriber_url",
  "display_timezone",
  "renewal_notice_days",
  "item_change_payment_behavior",
] as const;

const zones = (): string[] => {
  // browsers before 2022 lack Intl.supportedValuesOf: their list is only UTC
  const all = "supportedValuesOf" in Intl ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes("UTC") ? all : ["UTC", ...all];
};

export function AccountSettingsForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const q = useQuery(trpc.account.get.queryOptions());
  const zoneList = useMemo(zones, []);
  const update = useMutation(
    trpc.account.update.mutationOptions({
      onSuccess: async () => {
        toast.success("Account settings saved");
        await queryClient.invalidateQueries(trpc.account.get.pathFilter());
        router.refresh(); // the layout shows the name and formats dates in the zone
      },
    }),
  );
  const { field, formError } = formFields(update.error, FIELDS, "account");

  if (q.error) return <ErrorState error={q.error} title="Could not load the account" onRetry={() => q.refetch()} />;
  if (!q.data) return <TableSkeleton columns={2} rows={3} label="Loading the account" />;
  const a = q.data;
  const options = zoneList.includes(a.display_timezone) ? zoneList : [a.display_timezone, ...zoneList];

  function onSubmit(f: FormData) {
    update.mutate({
      name: text(f, "name"),
      subscriber_url: text(f, "subscriber_url") || null,
      display_timezone: text(f, "display_timezone"),
      // a number the domain checks (0–90); an empty field keeps the current value
      ...(text(f, "renewal_notice_days") ? { renewal_notice_days: Number(text(f, "renewal_notice_days")) } : {}),
      item_change_payment_behavior: text(f, "item_change_payment_behavior"),
    });
  }

  return (
    <>
      <SummaryStrip
        items={[
          { label: "Account id", value: <code className="font-mono">{a.id}</code> },
          {
            label: "Mode",
            value: (
              <StatusChip status={a.mode} label={a.mode === "test" ? "Test mode" : "Live mode"} testId="account-mode" />
            ),
          },
          { label: "Account time", value: <DateTime value={a.clock_at} /> },
          { label: "Test clock", value: a.test_clock_at ? <DateTime value={a.test_clock_at} /> : "Real time" },
        ]}
      />
      <Card title="Account">
        <GridForm
          key={`${a.name}|${a.subscriber_url}|${a.display_timezone}|${a.renewal_notice_days}|${a.item_change_payment_behavior}`}
          testId="account-settings-form"
          error={formError}
          onSubmit={onSubmit}
          columns={2}
        >
          <InputFormField
            {...field("name")}
            label="Account name"
            required
            hint="Shown to your customers on checkout and subscriber pages."
            defaultValue={a.name}
            maxLength={200}
          />
          <SelectFormField
            {...field("display_timezone", "account-zone")}
            label="Display time zone"
            required
            hint="Dates in this console are shown in this zone (billing itself runs in UTC)."
            defaultValue={a.display_timezone}
          >
            <Options of={options} value={(z) => z} label={(z) => z} />
          </SelectFormField>
          <div className="sm:col-span-2">
            <InputFormField
              {...field("subscriber_url", "account-subscriber-url")}
              label="Subscriber page URL (subscriber_url)"
              hint="Where your customers manage their subscription; links in emails and the widget point here. Leave empty for none."
              type="url"
              defaultValue={a.subscriber_url ?? ""}
              placeholder="https://shop.example.com/account/subscription"
            />
          </div>
          <InputFormField
            {...field("renewal_notice_days", "account-renewal-notice-days")}
            label="Renewal notice (days before)"
            hint="The subscription_contract.renewal_upcoming event (and e-mail, when configured) comes this many days before each renewal; 0 sends none."
            type="number"
            min={0}
            max={90}
            step={1}
            defaultValue={a.renewal_notice_days}
          />
          <SelectFormField
            {...field("item_change_payment_behavior", "account-item-change-payment")}
            label="Item changes charged now"
            hint="For API and console item changes that bill a charge at once and name no payment_behavior. The subscriber page always waits for the payment."
            defaultValue={a.item_change_payment_behavior}
          >
            <option value="allow_incomplete">Apply at once; billing collects the payment (allow_incomplete)</option>
            <option value="pending_if_incomplete">Apply only once paid (pending_if_incomplete)</option>
          </SelectFormField>
          <div className="sm:col-span-2">
            <SubmitButton pending={update.isPending} writeAction="change account settings">
              Save settings
            </SubmitButton>
          </div>
        </GridForm>
      </Card>
    </>
  );
}
