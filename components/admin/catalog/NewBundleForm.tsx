"use client";
// Creates a bundle template with its items, then opens it (add-on rules are added on the bundle's page).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { formErrorOf } from "@/components/ui/errors";
import { TextField } from "@/components/ui/Field";
import { FormError } from "@/components/ui/FormError";
import { optionalText, text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { Loading } from "@/components/ui/QueryState";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";
import { BundleItemsEditor, emptyItem, type ItemDraft } from "./BundleItemsEditor";
import { CurrencyField } from "./CurrencyOptions";

const FIELDS = ["name", "reference", "description", "default_currency", "items"] as const;

export function NewBundleForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const products = useQuery(trpc.catalog.products.list.queryOptions({ active: "true" }));
  const prices = useQuery(trpc.catalog.prices.list.queryOptions({ active: "true" }));
  const [items, setItems] = useState<ItemDraft[]>([emptyItem()]);
  const create = useMutation(
    trpc.catalogAdmin.bundles.create.mutationOptions({
      onSuccess: async (b) => {
        toast.success(`Bundle ${b.name} created`);
        await queryClient.invalidateQueries(trpc.catalogAdmin.bundles.pathFilter());
        router.push(`/admin/bundles/${b.id}`);
      },
    }),
  );
  const { field, errors } = formFields(create.error, FIELDS, "bundle");
  if (products.isPending || prices.isPending) return <Loading what="products" />;

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    create.mutate({
      name: text(f, "name"),
      reference: optionalText(f, "reference"),
      description: optionalText(f, "description"),
      default_currency: optionalText(f, "default_currency"),
      items: items.map((it) => ({ ...it, product_id: it.product_id ?? 0 })),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="new-bundle-form">
      <FormError
        message={formErrorOf(create.error, [...FIELDS, ...Object.keys(errors).filter((k) => k.startsWith("items."))])}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("name")} label="Name" />
        <TextField {...field("reference")} label="Reference" hint="Optional, unique in the account." />
        <TextField {...field("description")} label="Description" />
        <CurrencyField
          {...field("default_currency")}
          listId="bundle-currencies"
          label="Default currency"
          hint="Optional ISO 4217 code."
        />
      </div>
      <BundleItemsEditor
        items={items}
        onChange={setItems}
        products={products.data ?? []}
        prices={prices.data ?? []}
        errors={errors}
      />
      {errors.items ? (
        <p role="alert" className="text-sm text-red-800">
          {errors.items.join(" ")}
        </p>
      ) : null}
      <SubmitButton pending={create.isPending} writeAction="create bundles">
        Create bundle
      </SubmitButton>
    </form>
  );
}
