"use client";
// Creates a tax rate, or edits one (name and percentage) when `rate` is given.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useTRPC } from "@/components/trpc/client";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { Field, inputClass } from "@/components/ui/Field";
import { FormError } from "@/components/ui/FormError";
import { text } from "@/components/ui/formData";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";

const FIELDS = ["name", "percentage"] as const;

export function TaxRateForm({
  rate,
  onDone,
}: {
  rate?: { id: number; name: string; percentage: string };
  onDone?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const options = {
    onSuccess: async () => {
      if (!rate) formRef.current?.reset();
      toast.success(rate ? "Tax rate saved" : "Tax rate created");
      await queryClient.invalidateQueries(trpc.catalogAdmin.taxRates.pathFilter());
      onDone?.();
    },
  };
  const create = useMutation(trpc.catalogAdmin.taxRates.create.mutationOptions(options));
  const update = useMutation(trpc.catalogAdmin.taxRates.update.mutationOptions(options));
  const m = rate ? update : create;
  const errors = fieldErrorsOf(m.error);
  const id = (f: string) => `tax-rate-${rate?.id ?? "new"}-${f}`;

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const body = { name: text(f, "name"), percentage: text(f, "percentage") };
    if (rate) update.mutate({ id: rate.id, ...body });
    else create.mutate(body);
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 sm:grid-cols-3"
      data-testid="tax-rate-form"
    >
      <div className="sm:col-span-3">
        <FormError message={formErrorOf(m.error, FIELDS)} />
      </div>
      <Field id={id("name")} label="Name" errors={errors.name}>
        <input
          id={id("name")}
          name="name"
          defaultValue={rate?.name}
          className={inputClass}
          aria-invalid={!!errors.name}
        />
      </Field>
      <Field id={id("percentage")} label="Percentage" errors={errors.percentage} hint="0–100, e.g. 24 or 25.5.">
        <input
          id={id("percentage")}
          name="percentage"
          inputMode="decimal"
          defaultValue={rate?.percentage}
          className={inputClass}
          aria-invalid={!!errors.percentage}
        />
      </Field>
      <div className="self-end">
        <SubmitButton pending={m.isPending}>{rate ? "Save tax rate" : "Create tax rate"}</SubmitButton>
      </div>
    </form>
  );
}
