"use client";
// Creates a shipping option, or edits one when `option` is given.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { Field, inputClass } from "@/components/ui/Field";
import { FormError } from "@/components/ui/FormError";
import { optionalText, text } from "@/components/ui/formData";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";
import { CurrencyOptions } from "./CurrencyOptions";

type ShippingOption = RouterOutputs["catalogAdmin"]["shippingOptions"]["list"]["results"][number];
const FIELDS = ["name", "service_code", "currency", "price_amount", "free_above_amount"] as const;

export function ShippingOptionForm({ option, onDone }: { option?: ShippingOption; onDone?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const options = {
    onSuccess: async () => {
      if (!option) formRef.current?.reset();
      toast.success(option ? "Shipping option saved" : "Shipping option created");
      await queryClient.invalidateQueries(trpc.catalogAdmin.shippingOptions.pathFilter());
      onDone?.();
    },
  };
  const create = useMutation(trpc.catalogAdmin.shippingOptions.create.mutationOptions(options));
  const update = useMutation(trpc.catalogAdmin.shippingOptions.update.mutationOptions(options));
  const m = option ? update : create;
  const errors = fieldErrorsOf(m.error);
  const id = (f: string) => `shipping-${option?.id ?? "new"}-${f}`;

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const body = {
      name: text(f, "name"),
      service_code: text(f, "service_code"),
      currency: text(f, "currency"),
      price_amount: text(f, "price_amount"),
      free_above_amount: optionalText(f, "free_above_amount"),
      requires_location: f.get("requires_location") === "on",
    };
    if (option) update.mutate({ id: option.id, ...body });
    else create.mutate(body);
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 sm:grid-cols-3"
      data-testid="shipping-option-form"
    >
      <div className="sm:col-span-3">
        <FormError message={formErrorOf(m.error, FIELDS)} />
      </div>
      <Field id={id("name")} label="Name" errors={errors.name}>
        <input
          id={id("name")}
          name="name"
          defaultValue={option?.name}
          className={inputClass}
          aria-invalid={!!errors.name}
        />
      </Field>
      <Field
        id={id("service_code")}
        label="Service code"
        errors={errors.service_code}
        hint="The carrier's code, e.g. posti-parcel."
      >
        <input
          id={id("service_code")}
          name="service_code"
          defaultValue={option?.service_code}
          className={inputClass}
          aria-invalid={!!errors.service_code}
        />
      </Field>
      <Field id={id("currency")} label="Currency" errors={errors.currency} hint="ISO 4217 code, e.g. EUR.">
        <input
          id={id("currency")}
          name="currency"
          defaultValue={option?.currency ?? "EUR"}
          maxLength={3}
          list={id("currencies")}
          autoComplete="off"
          className={`${inputClass} uppercase`}
          aria-invalid={!!errors.currency}
        />
        <CurrencyOptions id={id("currencies")} />
      </Field>
      <Field id={id("price_amount")} label="Price" errors={errors.price_amount}>
        <input
          id={id("price_amount")}
          name="price_amount"
          inputMode="decimal"
          placeholder="0.00"
          defaultValue={option?.price_amount}
          className={inputClass}
          aria-invalid={!!errors.price_amount}
        />
      </Field>
      <Field
        id={id("free_above_amount")}
        label="Free above"
        errors={errors.free_above_amount}
        hint="Optional: orders at or above this ship free."
      >
        <input
          id={id("free_above_amount")}
          name="free_above_amount"
          inputMode="decimal"
          defaultValue={option?.free_above_amount ?? ""}
          className={inputClass}
          aria-invalid={!!errors.free_above_amount}
        />
      </Field>
      <div className="flex items-center gap-2 self-end pb-2">
        <input
          id={id("requires_location")}
          name="requires_location"
          type="checkbox"
          defaultChecked={option?.requires_location}
          className="h-4 w-4"
        />
        <label htmlFor={id("requires_location")} className="text-sm text-slate-800">
          Requires a pickup location
        </label>
      </div>
      <div>
        <SubmitButton pending={m.isPending}>{option ? "Save shipping option" : "Create shipping option"}</SubmitButton>
      </div>
    </form>
  );
}
