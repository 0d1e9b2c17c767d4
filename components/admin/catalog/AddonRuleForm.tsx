"use client";
// Adds an add-on rule to a bundle: a product (with an optional default price) or another bundle, and quantity limits.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { Field, inputClass } from "@/components/ui/Field";
import { FormError } from "@/components/ui/FormError";
import { optionalInt } from "@/components/ui/formData";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";

const FIELDS = ["target_product_id", "target_bundle_id", "default_price_id", "min_quantity", "max_quantity"] as const;

export function AddonRuleForm({ bundleId }: { bundleId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [target, setTarget] = useState("");
  const products = useQuery(trpc.catalog.products.list.queryOptions({ active: "true" }));
  const bundles = useQuery(trpc.catalogAdmin.bundles.list.queryOptions({ active: "true" }));
  const prices = useQuery(trpc.catalog.prices.list.queryOptions({ active: "true" }));
  const add = useMutation(
    trpc.catalogAdmin.bundles.addAddonRule.mutationOptions({
      onSuccess: async () => {
        formRef.current?.reset();
        setTarget("");
        toast.success("Add-on rule added");
        await queryClient.invalidateQueries(trpc.catalogAdmin.bundles.pathFilter());
      },
    }),
  );
  const errors = fieldErrorsOf(add.error);
  const [kind, targetId] = target.split(":");
  const productPrices = kind === "product" ? (prices.data ?? []).filter((p) => p.product_id === Number(targetId)) : [];

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
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
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 sm:grid-cols-3"
      data-testid="addon-rule-form"
    >
      <div className="sm:col-span-3">
        <FormError message={formErrorOf(add.error, FIELDS)} />
      </div>
      <Field id="addon-target" label="Offer" errors={errors.target_product_id ?? errors.target_bundle_id}>
        <select id="addon-target" value={target} onChange={(e) => setTarget(e.target.value)} className={inputClass}>
          <option value="">Choose a product or bundle</option>
          <optgroup label="Products">
            {(products.data ?? []).map((p) => (
              <option key={p.id} value={`product:${p.id}`}>
                {p.name}
              </option>
            ))}
          </optgroup>
          <optgroup label="Bundles">
            {(bundles.data ?? [])
              .filter((x) => x.id !== bundleId)
              .map((x) => (
                <option key={x.id} value={`bundle:${x.id}`}>
                  {x.name}
                </option>
              ))}
          </optgroup>
        </select>
      </Field>
      <Field id="addon-default_price_id" label="Default price" errors={errors.default_price_id}>
        <select
          id="addon-default_price_id"
          name="default_price_id"
          disabled={kind !== "product"}
          className={inputClass}
        >
          <option value="">None</option>
          {productPrices.map((p) => (
            <option key={p.id} value={p.id}>{`${p.reference ?? `#${p.id}`} · ${p.unit_amount} ${p.currency}`}</option>
          ))}
        </select>
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="addon-min_quantity" label="Minimum quantity" errors={errors.min_quantity}>
          <input
            id="addon-min_quantity"
            name="min_quantity"
            type="number"
            min={0}
            defaultValue={0}
            className={inputClass}
          />
        </Field>
        <Field id="addon-max_quantity" label="Maximum quantity" errors={errors.max_quantity}>
          <input id="addon-max_quantity" name="max_quantity" type="number" min={0} className={inputClass} />
        </Field>
      </div>
      <div className="flex items-center gap-2">
        <input
          id="addon-same_interval_required"
          name="same_interval_required"
          type="checkbox"
          defaultChecked
          className="h-4 w-4"
        />
        <label htmlFor="addon-same_interval_required" className="text-sm text-slate-800">
          Same billing interval required
        </label>
      </div>
      <div className="flex items-center gap-2">
        <input
          id="addon-same_currency_required"
          name="same_currency_required"
          type="checkbox"
          defaultChecked
          className="h-4 w-4"
        />
        <label htmlFor="addon-same_currency_required" className="text-sm text-slate-800">
          Same currency required
        </label>
      </div>
      <div>
        <SubmitButton pending={add.isPending}>Add add-on rule</SubmitButton>
      </div>
    </form>
  );
}
