"use client";
// Creates a billing schedule, or edits one: a name, a time zone and its billing dates (month optional: blank = every month).
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { useConsole } from "@/components/ui/ConsoleContext";
import { TextField } from "@/components/ui/Field";
import { FormError } from "@/components/ui/FormError";
import { optionalInt, optionalText, text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { SubmitButton } from "@/components/ui/SubmitButton";
import type { CatalogRow } from "./catalogNouns";
import { useCatalogSave } from "./catalogResource";

const FIELDS = ["name", "timezone", "rules"] as const;

export function BillingScheduleForm({
  schedule,
  onDone,
}: {
  schedule?: CatalogRow<"billingSchedules">;
  onDone?: () => void;
}) {
  const { timeZone } = useConsole();
  const [rows, setRows] = useState(schedule?.rules.length ?? 1);
  const { formRef, save, mutation } = useCatalogSave("billingSchedules", schedule, {
    onDone,
    onReset: () => setRows(1),
  });
  const idPrefix = `schedule-${schedule?.id ?? "new"}`;
  const { field, errors, formError } = formFields(mutation.error, FIELDS, idPrefix, schedule);
  const ruleErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith("rules"))
    .flatMap(([, v]) => v);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const rules = Array.from({ length: rows }, (_, i) => ({
      month: optionalInt(f, `month-${i}`),
      day: optionalInt(f, `day-${i}`) ?? 0,
      label: optionalText(f, `label-${i}`),
    }));
    save({ name: text(f, "name"), timezone: text(f, "timezone"), rules });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4" data-testid="billing-schedule-form">
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("name")} label="Name" />
        <TextField
          {...field("timezone")}
          label="Time zone"
          hint="IANA name; billing dates are local dates of this zone."
          defaultValue={schedule?.timezone ?? timeZone}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Billing dates</legend>
        {Array.from({ length: rows }, (_, i) => {
          const savedRule = schedule?.rules[i];
          // the date's month, day or label: its id, name, label and saved value follow from the part
          const rulePart = (part: "month" | "day" | "label") => ({
            ...field(`${part}-${i}`),
            label: `Date ${i + 1}: ${part}`,
            defaultValue: savedRule?.[part] ?? "",
          });
          return (
            <div key={i} className="grid gap-3 sm:grid-cols-3" data-testid="schedule-rule">
              <TextField {...rulePart("month")} hint="1–12, blank for every month" type="number" min={1} max={12} />
              <TextField {...rulePart("day")} type="number" min={1} max={31} />
              <TextField {...rulePart("label")} />
            </div>
          );
        })}
        {ruleErrors.length ? (
          <p role="alert" className="text-sm text-red-800" data-testid={`${idPrefix}-rules-error`}>
            {ruleErrors.join(" ")}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button onClick={() => setRows((n) => Math.min(n + 1, 24))} size="sm" writeAction="change billing schedules">
            Add billing date
          </Button>
          {rows > 1 ? (
            <Button onClick={() => setRows((n) => n - 1)} size="sm" writeAction="change billing schedules">
              Remove last date
            </Button>
          ) : null}
        </div>
      </fieldset>
      <SubmitButton pending={mutation.isPending} writeAction="change billing schedules">
        {schedule ? "Save billing schedule" : "Create billing schedule"}
      </SubmitButton>
    </form>
  );
}
