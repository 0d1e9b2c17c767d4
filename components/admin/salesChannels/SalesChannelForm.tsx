"use client";
// Creates or edits a sales channel: its offer (JSON, started from a catalog price), allowed origins,
// processors, theme and terms. The server's messages appear under the fields they name.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { formErrorOf } from "@/components/ui/errors";
import { FormError } from "@/components/ui/FormError";
import { InputFormField, inputClass, SelectFormField, TextareaFormField } from "@/components/ui/FormField";
import { formFields } from "@/components/ui/formFields";
import { priceLabel } from "@/components/ui/priceLabel";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";
import { CHANNEL_FIELDS, channelBodyOf, offerMessages } from "./channelForm";

type Channel = RouterOutputs["settings"]["salesChannels"]["get"];

const str = (v: unknown) => (typeof v === "string" ? v : "");

export function SalesChannelForm({ channel }: { channel?: Channel }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const prices = useQuery(trpc.catalog.prices.list.queryOptions({ active: "true" }));
  const processors = useQuery(trpc.settings.processors.list.queryOptions());
  const [offer, setOffer] = useState(channel ? JSON.stringify(channel.offer, null, 2) : "");
  const onSaved = async (c: Channel) => {
    await queryClient.invalidateQueries(trpc.settings.salesChannels.pathFilter());
    toast.success(channel ? "Sales channel saved" : `Sales channel “${c.name}” created`);
    if (!channel) router.push(`/admin/sales-channels/${c.id}`);
  };
  const create = useMutation(trpc.settings.salesChannels.create.mutationOptions({ onSuccess: onSaved }));
  const update = useMutation(trpc.settings.salesChannels.update.mutationOptions({ onSuccess: onSaved }));
  const m = channel ? update : create;
  const { field, errors } = formFields(m.error, CHANNEL_FIELDS, "channel");
  const theme = (channel?.theme ?? {}) as Record<string, unknown>;
  const terms = (channel?.terms ?? {}) as Record<string, unknown>;
  // a theme or terms setting: form name `<group>_<key>`, id `channel-<group>-<short>`, the saved value to start from
  const setting = (group: "theme" | "terms", key: string, short = key) => ({
    id: `channel-${group}-${short}`,
    name: `${group}_${key}`,
    defaultValue: str({ theme, terms }[group][key]),
  });

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = channelBodyOf(new FormData(e.currentTarget), { theme, terms });
    if (channel) update.mutate({ id: channel.id, ...body });
    else create.mutate(body);
  }

  function startFrom(priceId: string) {
    if (priceId) setOffer(JSON.stringify({ items: [{ price: Number(priceId), quantity: 1 }] }, null, 2));
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="sales-channel-form">
      <FormError
        message={formErrorOf(m.error, [
          ...CHANNEL_FIELDS,
          ...Object.keys(errors).filter((k) => k !== "non_field_errors"),
        ])}
      />
      <InputFormField
        {...field("name")}
        label="Name"
        required
        hint="For you, e.g. “Web shop – monthly plan”."
        defaultValue={channel?.name ?? ""}
        maxLength={200}
      />
      <fieldset className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Offer</legend>
        <SelectFormField
          id="channel-start-price"
          label="Start from a price"
          hint="Fills the offer below with this price, quantity 1. Edit the JSON for bundles, add-ons, trials or discounts."
          defaultValue=""
          onChange={(e) => startFrom(e.target.value)}
        >
          <option value="">Choose a price…</option>
          {(prices.data ?? []).map((pr) => (
            <option key={pr.id} value={pr.id}>
              {priceLabel(pr)}
            </option>
          ))}
        </SelectFormField>
        <TextareaFormField
          {...field("offer")}
          errors={offerMessages(errors)}
          label="Offer (JSON)"
          required
          hint="The offer fields of a quote (items or bundle_template, …); checked by pricing it once."
          rows={6}
          value={offer}
          onChange={(e) => setOffer(e.target.value)}
          spellCheck={false}
          className={`${inputClass} font-mono text-xs`}
        />
      </fieldset>
      <TextareaFormField
        {...field("allowed_origins", "channel-origins")}
        label="Allowed origins"
        required
        hint="One per line: the sites allowed to run the widget, e.g. https://shop.example.com (http://localhost:PORT for development)."
        rows={3}
        defaultValue={channel?.allowed_origins.join("\n") ?? ""}
        className={`${inputClass} font-mono text-xs`}
      />
      <fieldset
        className="grid min-w-0 gap-2"
        aria-describedby={errors.processor_ids ? "channel-processors-error" : "channel-processors-hint"}
      >
        <legend className="text-sm font-medium text-slate-800">
          Payment processors{" "}
          <span className="text-red-800" aria-hidden="true">
            *
          </span>
        </legend>
        <p id="channel-processors-hint" className="text-xs text-slate-700">
          Those the widget may offer; they must take the offer&apos;s currency.
        </p>
        {(processors.data ?? [])
          .filter((p) => p.active || channel?.processor_ids.includes(p.id))
          .map((p) => (
            <label key={p.id} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="processor_ids"
                value={p.id}
                defaultChecked={channel?.processor_ids.includes(p.id)}
                className="h-4 w-4"
              />
              {p.display_name}{" "}
              <span className="text-slate-700">
                ({p.currency}, {p.collection_method})
              </span>
            </label>
          ))}
        {errors.processor_ids ? (
          <p id="channel-processors-error" className="text-sm text-red-800">
            {errors.processor_ids.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-4 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">Theme</legend>
        <InputFormField
          id="channel-theme-primary"
          label="Primary colour"
          errors={errors.theme}
          hint="A CSS colour, e.g. #0055ff."
          name="theme_primary"
          defaultValue={str((theme.colors as Record<string, unknown> | undefined)?.primary)}
        />
        <InputFormField {...setting("theme", "logo_url", "logo")} label="Logo URL" type="url" />
        <InputFormField {...setting("theme", "font_family", "font")} label="Font family" />
      </fieldset>
      <fieldset className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">Terms</legend>
        <InputFormField {...setting("terms", "url")} label="Terms URL" errors={errors.terms} type="url" />
        <InputFormField {...setting("terms", "version")} label="Terms version" />
        <div className="sm:col-span-2">
          <TextareaFormField
            {...setting("terms", "text")}
            label="Terms text"
            hint="Shown next to the buy button."
            rows={2}
          />
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" name="active" defaultChecked={channel?.active ?? true} className="h-4 w-4" />
        Active (new checkout sessions can be created)
      </label>
      <div>
        <SubmitButton pending={m.isPending} writeAction="change sales channels">
          {channel ? "Save changes" : "Create sales channel"}
        </SubmitButton>
      </div>
    </form>
  );
}
