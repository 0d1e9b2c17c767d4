"use client";
// Adds an add-on rule to a bundle: a product (with an optional default price) or another bundle, and quantity limits.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { CheckboxField, SelectField, TextField } from "@/components/ui/Field";
import { optionalInt } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { Options } from "@/components/ui/Options";
import { priceLabel } from "@/components/ui/priceLabel";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { useResetOnSuccess } from "@/components/ui/useResetOnSuccess";

const FIELDS = ["target_product_id", "target_bundle_id", "default_price_id", "min_quantity", "max_quantity"] as const;

export function AddonRuleForm({ bundleId }: { bundleId: number }) {
  const trpc = useTRPC();
  const [target, setTarget] = useState("");
  const products = useQuery(trpc.catalog.products.list.queryOptions({ active: "true" }));
  const bundles = useQuery(trpc.catalogAdmin.bundles.list.queryOptions({ active: "true" }));
  const prices = useQuery(trpc.catalog.prices.list.queryOptions({ active: "true" }));
  const { formRef, onSuccess } = useResetOnSuccess({
    toast: "Add-on rule added",
    refresh: trpc.catalogAdmin.bundles.pathFilter(),
    afterReset: () => setTarget(""),
  });
  const add = useMutation(trpc.catalogAdmin.bundles.addAddonRule.mutationOptions({ onSuccess }));
  const { field, control, errors, formError } = formFields(add.error, FIELDS, "addon");
  const [kind, targetId] = target.split(":");
  const productPrices = kind === "product" ? (prices.data ?? []).filter((p) => p.product_id === Number(targetId)) : [];

  const onSubmit = (f: FormData) =>
    add.mutate({
      bundle_id: bundleId,
      target_product_id: kind === "product" ? Number(targetId) : null,
      target_bundle_id: kind === "bundle" ? Number(targetId) : null,
      default_price_id: optionalInt(f, "default_price_id"),
      min_quantity: optionalInt(f, "min_quantity") ?? 0,
      max_quantity: optionalInt(f, "max_quantity"),
      same_interval_required: f.get("same_interval_required") === "on",
      same_currency_required: f.get("same_currency_required") === "on",
    });

  return (
    <GridForm formRef={formRef} testId="addon-rule-form" error={formError} onSubmit={onSubmit}>
      <SelectField
        id="addon-target"
        label="Offer"
        errors={errors.target_product_id ?? errors.target_bundle_id}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
      >
        <option value="">Choose a product or bundle</option>
        <optgroup label="Products">
          <Options of={products.data} value={(p) => `product:${p.id}`} label={(p) => p.name} />
        </optgroup>
        <optgroup label="Bundles">
          <Options
            of={bundles.data?.filter((x) => x.id !== bundleId)}
            value={(x) => `bundle:${x.id}`}
            label={(x) => x.name}
          />
        </optgroup>
      </SelectField>
      <SelectField {...field("default_price_id")} label="Default price" disabled={kind !== "product"}>
        <option value="">None</option>
        {productPrices.map((p) => (
          <option key={p.id} value={p.id}>
            {priceLabel(p, { product: false })}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-3">
        <TextField {...field("min_quantity")} label="Minimum quantity" type="number" min={0} defaultValue={0} />
        <TextField {...field("max_quantity")} label="Maximum quantity" type="number" min={0} />
      </div>
      <CheckboxField {...control("same_interval_required")} label="Same billing interval required" defaultChecked />
      <CheckboxField {...control("same_currency_required")} label="Same currency required" defaultChecked />
      <div>
        <SubmitButton pending={add.isPending} writeAction="add add-on rules">
          Add add-on rule
        </SubmitButton>
      </div>
    </GridForm>
  );
}
