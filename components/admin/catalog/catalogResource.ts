"use client";
// The console's simple catalog records (tax rates, shipping options, billing schedules) share one shape
// of tRPC router (list / create / update) and of UI (a filtered table with edit and deactivate, a form
// that creates or edits). This names them once, with the words the UI uses for each.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { RouterInputs, RouterOutputs } from "@/components/trpc/types";
import { fieldErrorsOf } from "@/components/ui/errors";
import { toast } from "@/components/ui/Toaster";

export type CatalogResource = "taxRates" | "shippingOptions" | "billingSchedules";
/** What every catalog record has, which the shared table relies on. */
export interface CatalogRecord {
  id: number;
  name: string;
  active: boolean;
}
export type CatalogRow<R extends CatalogResource> = RouterOutputs["catalogAdmin"][R]["list"]["results"][number];
export type CreateBody<R extends CatalogResource> = RouterInputs["catalogAdmin"][R]["create"];

/** The record's name in the UI, singular and lower case ("tax rate"); plural, labels and test ids derive from it. */
export const CATALOG_NOUNS: Record<CatalogResource, string> = {
  taxRates: "tax rate",
  shippingOptions: "shipping option",
  billingSchedules: "billing schedule",
};

export const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
export const testIdOf = (words: string) => words.replaceAll(" ", "-");

/** One resource's list/create/update procedures. TypeScript cannot call a union of the three routers'
 * generic procedures; they take the same list input and the same `{ id, ...body }` update and differ only
 * in the record's own fields, so the tax-rate router's type stands for all three here, and callers get
 * their own row and body types back through CatalogRow<R> and CreateBody<R>. */
export function useCatalogProcedures(resource: CatalogResource) {
  const trpc = useTRPC();
  return trpc.catalogAdmin[resource] as unknown as (typeof trpc.catalogAdmin)["taxRates"];
}

/** Create (no `record`) or update a record from a form: toast, refetch the lists, reset a create form. */
export function useCatalogSave<R extends CatalogResource>(
  resource: R,
  record: { id: number } | undefined,
  { onDone, onReset }: { onDone?: () => void; onReset?: () => void },
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const noun = capitalized(CATALOG_NOUNS[resource]);
  const procedures = useCatalogProcedures(resource);
  const options = {
    onSuccess: async () => {
      if (!record) {
        formRef.current?.reset();
        onReset?.();
      }
      toast.success(record ? `${noun} saved` : `${noun} created`);
      await queryClient.invalidateQueries(trpc.catalogAdmin[resource].pathFilter());
      onDone?.();
    },
  };
  const create = useMutation(procedures.create.mutationOptions(options));
  const update = useMutation(procedures.update.mutationOptions(options));
  const mutation = record ? update : create;
  const save = (body: CreateBody<R>) => {
    const input = body as CreateBody<"taxRates">;
    if (record) update.mutate({ id: record.id, ...input });
    else create.mutate(input);
  };
  return { formRef, save, mutation, errors: fieldErrorsOf(mutation.error) };
}
