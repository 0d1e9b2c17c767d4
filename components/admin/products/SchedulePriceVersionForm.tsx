"use client";
// Schedules a new amount for a price from a future instant, entered in the account's display time zone.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { useConsole } from "@/components/ui/ConsoleContext";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { Field, inputClass } from "@/components/ui/Field";
import { FormError } from "@/components/ui/FormError";
import { text } from "@/components/ui/formData";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";

const FIELDS = ["unit_amount", "effective_from"] as const;

export function SchedulePriceVersionForm({ priceId }: { priceId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [missingDate, setMissingDate] = useState(false);
  const { timeZone } = useConsole();
  const schedule = useMutation(
    trpc.catalog.prices.scheduleVersion.mutationOptions({
      onSuccess: async () => {
        formRef.current?.reset();
        toast.success("Price change scheduled");
        await queryClient.invalidateQueries(trpc.catalog.pathFilter());
      },
    }),
  );
  const errors = fieldErrorsOf(schedule.error);
  const dateErrors = missingDate ? ["This field is required."] : errors.effective_from;
  const id = (field: string) => `schedule-${priceId}-${field}`;

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const from = text(f, "effective_from");
    setMissingDate(!from);
    if (!from) return;
    // luxon (the zone conversion) loads on the first submit, not with the page (bench:admin's JS per page)
    const { zonedInputToIso } = await import("./zonedInput");
    schedule.mutate({
      price_id: priceId,
      unit_amount: text(f, "unit_amount"),
      effective_from: zonedInputToIso(from, timeZone),
    });
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-wrap items-start gap-3"
      data-testid={`schedule-form-${priceId}`}
    >
      <div className="w-full">
        <FormError message={formErrorOf(schedule.error, FIELDS)} />
      </div>
      <Field id={id("unit_amount")} label="New amount" errors={errors.unit_amount}>
        <input
          id={id("unit_amount")}
          name="unit_amount"
          inputMode="decimal"
          placeholder="0.00"
          className={`${inputClass} w-36`}
          aria-invalid={!!errors.unit_amount}
        />
      </Field>
      <Field
        id={id("effective_from")}
        label={`Effective from (${timeZone})`}
        errors={dateErrors}
        hint={`Account time zone (${timeZone}).`}
      >
        <input
          id={id("effective_from")}
          name="effective_from"
          type="datetime-local"
          className={inputClass}
          aria-invalid={!!dateErrors}
        />
      </Field>
      <div className="self-end">
        <SubmitButton pending={schedule.isPending} testId={`schedule-version-${priceId}`}>
          Schedule
        </SubmitButton>
      </div>
    </form>
  );
}
