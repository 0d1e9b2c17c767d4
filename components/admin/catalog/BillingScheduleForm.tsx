"use client";
// Creates a billing schedule, or edits one: a name, a time zone and its billing dates (month optional: blank = every month).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { useConsole } from "@/components/ui/ConsoleContext";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { Field, inputClass } from "@/components/ui/Field";
import { FormError } from "@/components/ui/FormError";
import { optionalInt, optionalText, text } from "@/components/ui/formData";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";

type Schedule = RouterOutputs["catalogAdmin"]["billingSchedules"]["list"]["results"][number];
const FIELDS = ["name", "timezone", "rules"] as const;

export function BillingScheduleForm({ schedule, onDone }: { schedule?: Schedule; onDone?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { timeZone } = useConsole();
  const formRef = useRef<HTMLFormElement>(null);
  const [rows, setRows] = useState(schedule?.rules.length ?? 1);
  const options = {
    onSuccess: async () => {
      if (!schedule) {
        formRef.current?.reset();
        setRows(1);
      }
      toast.success(schedule ? "Billing schedule saved" : "Billing schedule created");
      await queryClient.invalidateQueries(trpc.catalogAdmin.billingSchedules.pathFilter());
      onDone?.();
    },
  };
  const create = useMutation(trpc.catalogAdmin.billingSchedules.create.mutationOptions(options));
  const update = useMutation(trpc.catalogAdmin.billingSchedules.update.mutationOptions(options));
  const m = schedule ? update : create;
  const errors = fieldErrorsOf(m.error);
  const id = (f: string) => `schedule-${schedule?.id ?? "new"}-${f}`;
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
    const body = { name: text(f, "name"), timezone: text(f, "timezone"), rules };
    if (schedule) update.mutate({ id: schedule.id, ...body });
    else create.mutate(body);
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4" data-testid="billing-schedule-form">
      <FormError message={formErrorOf(m.error, FIELDS)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("name")} label="Name" errors={errors.name}>
          <input
            id={id("name")}
            name="name"
            defaultValue={schedule?.name}
            className={inputClass}
            aria-invalid={!!errors.name}
          />
        </Field>
        <Field
          id={id("timezone")}
          label="Time zone"
          errors={errors.timezone}
          hint="IANA name; billing dates are local dates of this zone."
        >
          <input
            id={id("timezone")}
            name="timezone"
            defaultValue={schedule?.timezone ?? timeZone}
            className={inputClass}
            aria-invalid={!!errors.timezone}
          />
        </Field>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Billing dates</legend>
        {Array.from({ length: rows }, (_, i) => {
          const r = schedule?.rules[i];
          return (
            <div key={i} className="grid gap-3 sm:grid-cols-3" data-testid="schedule-rule">
              <Field id={id(`month-${i}`)} label={`Date ${i + 1}: month`} hint="1–12, blank for every month">
                <input
                  id={id(`month-${i}`)}
                  name={`month-${i}`}
                  type="number"
                  min={1}
                  max={12}
                  defaultValue={r?.month ?? ""}
                  className={inputClass}
                />
              </Field>
              <Field id={id(`day-${i}`)} label={`Date ${i + 1}: day`}>
                <input
                  id={id(`day-${i}`)}
                  name={`day-${i}`}
                  type="number"
                  min={1}
                  max={31}
                  defaultValue={r?.day ?? ""}
                  className={inputClass}
                />
              </Field>
              <Field id={id(`label-${i}`)} label={`Date ${i + 1}: label`}>
                <input id={id(`label-${i}`)} name={`label-${i}`} defaultValue={r?.label ?? ""} className={inputClass} />
              </Field>
            </div>
          );
        })}
        {ruleErrors.length ? (
          <p role="alert" className="text-sm text-red-800" data-testid={`${id("rules")}-error`}>
            {ruleErrors.join(" ")}
          </p>
        ) : null}
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => setRows((n) => Math.min(n + 1, 24))}
            className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:bg-slate-50"
          >
            Add billing date
          </button>
          {rows > 1 ? (
            <button
              type="button"
              onClick={() => setRows((n) => n - 1)}
              className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:bg-slate-50"
            >
              Remove last date
            </button>
          ) : null}
        </div>
      </fieldset>
      <SubmitButton pending={m.isPending}>
        {schedule ? "Save billing schedule" : "Create billing schedule"}
      </SubmitButton>
    </form>
  );
}
