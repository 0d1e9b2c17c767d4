"use client";
// The console's simple catalog records (tax rates, shipping options, billing schedules) share one shape
// of tRPC router (list / create / update) and of UI (a filtered table with edit and deactivate, a form
// that creates or edits): their procedures and the save of their forms, once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useTRPC } from "@/components/trpc/client";
import { fieldErrorsOf } from "@/components/ui/errors";
import { toast } from "@/components/ui/Toaster";
import { CATALOG_NOUNS, type CatalogResource, type CreateBody, capitalized } from "./catalogNouns";

/** One resource's list/create/update procedures. NOTE: TypeScript cannot call a union of the three routers'
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
