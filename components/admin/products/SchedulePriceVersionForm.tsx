"use client";
// Schedules a new amount for a price from a future instant, entered in the account's display time zone. A
// metered price's version takes a pricing model; a licensed one a new amount or graduated/volume tiers.
// "Simulate" first shows what the version would do to the contracts on the price, then schedules it on
// confirmation; "Schedule" schedules at once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { parseZonedInput } from "@/components/admin/billingRuns/clockSteps";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { Button } from "@/components/ui/Button";
import { useConsole } from "@/components/ui/ConsoleContext";
import { DialogLoading } from "@/components/ui/DialogLoading";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { Field, inputClass } from "@/components/ui/Field";
import { FormError } from "@/components/ui/FormError";
import { text } from "@/components/ui/formData";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";
import {
  initialPricingModel,
  PricingModelEditor,
  type PricingModelKind,
  type PricingModelState,
  pricingModelInput,
} from "./PricingModelEditor";

// the simulation's dialog loads when a simulation is shown, not with the product page (bench:admin's JS per page)
const SimulationDialog = dynamic(() => import("./SimulationDialog").then((m) => m.SimulationDialog), {
  ssr: false,
  loading: DialogLoading,
});

const METERED_MODELS: readonly PricingModelKind[] = ["per_unit", "package", "graduated", "volume"];
const LICENSED_MODELS: readonly PricingModelKind[] = ["graduated", "volume"];

const FIELDS = [
  "unit_amount",
  "effective_from",
  "pricing_model",
  "pricing_model.model",
  "pricing_model.unit_amount",
  "pricing_model.package_size",
  "pricing_model.package_amount",
  "pricing_model.tiers",
] as const;
type Input = {
  price_id: number;
  unit_amount?: string;
  pricing_model?: ReturnType<typeof pricingModelInput> | null;
  effective_from: string;
};
type Simulated = { input: Input; result: RouterOutputs["catalog"]["prices"]["simulateVersion"] };

export function SchedulePriceVersionForm({
  priceId,
  metered = false,
  tiered = false,
}: {
  priceId: number;
  /** a metered price: each version is a pricing model */
  metered?: boolean;
  /** a licensed price priced by tiers now: the form starts with tiers */
  tiered?: boolean;
}) {
  const trpc = useTRPC();
  const startModel = () =>
    metered ? initialPricingModel("per_unit") : tiered ? initialPricingModel("graduated") : null;
  const [model, setModel] = useState<PricingModelState | null>(startModel);
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [missingDate, setMissingDate] = useState(false);
  const { timeZone } = useConsole();
  const [simulated, setSimulated] = useState<Simulated | null>(null);
  const [simulating, setSimulating] = useState(false);
  const [simulateError, setSimulateError] = useState<unknown>(null);
  const schedule = useMutation(
    trpc.catalog.prices.scheduleVersion.mutationOptions({
      onSuccess: async () => {
        formRef.current?.reset();
        setModel(startModel());
        setSimulated(null);
        toast.success("Price change scheduled");
        await queryClient.invalidateQueries(trpc.catalog.pathFilter());
      },
    }),
  );
  const error = schedule.error ?? simulateError;
  const errors = fieldErrorsOf(error);
  const dateErrors = missingDate ? ["This field is required."] : errors.effective_from;
  const id = (field: string) => `schedule-${priceId}-${field}`;

  async function readForm(form: HTMLFormElement): Promise<Input | null> {
    const f = new FormData(form);
    const from = text(f, "effective_from");
    setMissingDate(!from);
    if (!from) return null;
    const terms = model ? { pricing_model: pricingModelInput(model) } : { unit_amount: text(f, "unit_amount") };
    return { price_id: priceId, ...terms, effective_from: parseZonedInput(from, timeZone)?.toISOString() ?? from };
  }

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSimulateError(null);
    const input = await readForm(e.currentTarget);
    if (input) schedule.mutate(input);
  }

  async function onSimulate() {
    if (!formRef.current) return;
    schedule.reset();
    setSimulateError(null);
    const input = await readForm(formRef.current);
    if (!input) return;
    setSimulating(true);
    try {
      const result = await queryClient.fetchQuery({
        ...trpc.catalog.prices.simulateVersion.queryOptions(input),
        staleTime: 0,
      });
      setSimulated({ input, result });
    } catch (e) {
      setSimulateError(e);
    } finally {
      setSimulating(false);
    }
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
        <FormError message={formErrorOf(error, FIELDS)} />
      </div>
      {model ? null : (
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
      )}
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
      <div className="w-full">
        <PricingModelEditor
          value={model}
          onChange={setModel}
          errors={errors}
          models={metered ? METERED_MODELS : LICENSED_MODELS}
          label={metered ? "New pricing model" : "New pricing"}
          plainLabel={metered ? undefined : "Amount per unit (no tiers)"}
        />
      </div>
      <div className="flex gap-2 self-end">
        <Button
          onClick={onSimulate}
          disabled={simulating}
          aria-busy={simulating || undefined}
          data-testid={`simulate-version-${priceId}`}
        >
          {simulating ? "Simulating…" : "Simulate"}
        </Button>
        <SubmitButton
          pending={schedule.isPending}
          testId={`schedule-version-${priceId}`}
          writeAction="schedule price versions"
        >
          Schedule
        </SubmitButton>
      </div>
      {simulated ? (
        <SimulationDialog
          simulation={simulated.result}
          onClose={() => setSimulated(null)}
          pending={schedule.isPending}
          error={schedule.error ? formErrorOf(schedule.error, []) : null}
          onConfirm={() => schedule.mutate(simulated.input)}
        />
      ) : null}
    </form>
  );
}
