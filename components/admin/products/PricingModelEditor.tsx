"use client";
// How a price's quantity is priced (server/schemas/catalogInputs.ts `pricingModelInput`): per unit, package,
// graduated or volume tiers. Tiers are rows (Up to, Unit amount, Flat amount), the last one open ("and
// above"). The server checks the model (pricing/usagePricing.ts) and names what is wrong under
// `pricing_model.<field>`; a tier's message starts with its index ("1.up_to: …") and is shown on its row.
import { useId } from "react";
import { Button } from "@/components/ui/Button";
import type { FieldErrors } from "@/components/ui/errors";
import { Field, inputClass } from "@/components/ui/Field";

export type PricingModelKind = "per_unit" | "package" | "graduated" | "volume";
export interface TierRow {
  up_to: string;
  unit_amount: string;
  flat_amount: string;
}
export interface PricingModelState {
  model: PricingModelKind;
  unit_amount: string;
  package_size: string;
  package_amount: string;
  tiers: TierRow[];
}

export const MODEL_LABELS: Record<PricingModelKind, string> = {
  per_unit: "Per unit",
  package: "Package",
  graduated: "Graduated tiers",
  volume: "Volume tiers",
};

const blankTier = (): TierRow => ({ up_to: "", unit_amount: "", flat_amount: "" });

export const initialPricingModel = (model: PricingModelKind = "per_unit"): PricingModelState => ({
  model,
  unit_amount: "",
  package_size: "",
  package_amount: "",
  tiers: [blankTier(), blankTier()],
});

export const isTiered = (m: PricingModelKind) => m === "graduated" || m === "volume";

/** The state as the API takes it: only the fields of its kind, the last tier open (up_to null). */
export function pricingModelInput(state: PricingModelState) {
  switch (state.model) {
    case "per_unit":
      return { model: state.model, unit_amount: state.unit_amount.trim() };
    case "package":
      return {
        model: state.model,
        package_size: state.package_size.trim(),
        package_amount: state.package_amount.trim(),
      };
    default:
      return {
        model: state.model,
        tiers: state.tiers.map((t, i) => ({
          up_to: i === state.tiers.length - 1 ? null : t.up_to.trim(),
          unit_amount: t.unit_amount.trim() || "0",
          flat_amount: t.flat_amount.trim() || "0",
        })),
      };
  }
}

/** The messages under `pricing_model.tiers` split by row ("1.up_to: …" → row 1); the rest stay general. */
function tierMessages(errors: FieldErrors) {
  const rows: Record<number, string[]> = {};
  const general: string[] = [];
  for (const message of errors["pricing_model.tiers"] ?? []) {
    const m = /^(\d+)\.(\w+): (.*)$/.exec(message);
    if (m) (rows[Number(m[1])] ??= []).push(`${LABEL_OF[m[2]] ?? m[2]}: ${m[3]}`);
    else general.push(message);
  }
  return { rows, general };
}

const LABEL_OF: Record<string, string> = { up_to: "Up to", unit_amount: "Unit amount", flat_amount: "Flat amount" };

export function PricingModelEditor({
  value,
  onChange,
  models,
  errors,
  label = "Pricing model",
  /** a licensed price's plain amount: the option for "no model" (its own field is outside the editor) */
  plainLabel,
}: {
  value: PricingModelState | null;
  onChange: (value: PricingModelState | null) => void;
  models: readonly PricingModelKind[];
  errors: FieldErrors;
  label?: string;
  plainLabel?: string;
}) {
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const set = (patch: Partial<PricingModelState>) => value && onChange({ ...value, ...patch });
  const setTier = (i: number, patch: Partial<TierRow>) =>
    value && set({ tiers: value.tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
  const { rows, general } = tierMessages(errors);
  const modelErrors = [...(errors.pricing_model ?? []), ...(errors["pricing_model.model"] ?? [])];
  const amountInput = (name: "unit_amount" | "package_size" | "package_amount", lbl: string, hint?: string) => {
    const fieldErrors = errors[`pricing_model.${name}`];
    return (
      <Field id={id(name)} label={lbl} errors={fieldErrors} hint={hint}>
        <input
          id={id(name)}
          inputMode="decimal"
          className={inputClass}
          value={value?.[name] ?? ""}
          onChange={(e) => set({ [name]: e.target.value })}
          aria-invalid={!!fieldErrors}
          aria-describedby={fieldErrors ? `${id(name)}-error` : undefined}
        />
      </Field>
    );
  };

  return (
    <div className="space-y-3 sm:col-span-full" data-testid="pricing-model-editor">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={id("model")} label={label} errors={modelErrors.length ? modelErrors : undefined}>
          <select
            id={id("model")}
            className={inputClass}
            value={value?.model ?? ""}
            aria-invalid={modelErrors.length > 0}
            aria-describedby={modelErrors.length ? `${id("model")}-error` : undefined}
            onChange={(e) => {
              const next = e.target.value as PricingModelKind | "";
              if (!next) onChange(null);
              else onChange(value ? { ...value, model: next } : initialPricingModel(next));
            }}
          >
            {plainLabel ? <option value="">{plainLabel}</option> : null}
            {models.map((m) => (
              <option key={m} value={m}>
                {MODEL_LABELS[m]}
              </option>
            ))}
          </select>
        </Field>
        {value?.model === "per_unit"
          ? amountInput("unit_amount", "Unit amount", "Up to 12 decimals, e.g. 0.0001.")
          : null}
        {value?.model === "package" ? (
          <>
            {amountInput("package_size", "Package size", "Units in one package (whole number).")}
            {amountInput("package_amount", "Package amount", "Price of one package; a started package counts.")}
          </>
        ) : null}
      </div>
      {value && isTiered(value.model) ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">
            Tiers{" "}
            <span className="font-normal text-slate-700">
              {value.model === "graduated"
                ? "(each tier prices its own units)"
                : "(the tier the whole quantity reaches prices every unit)"}
            </span>
          </legend>
          <table className="w-full text-sm" data-testid="tier-rows">
            <thead>
              <tr className="text-left text-slate-700">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Tier
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Up to
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Unit amount
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Flat amount
                </th>
                <th scope="col" className="py-1 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {value.tiers.map((tier, i) => {
                const last = i === value.tiers.length - 1;
                const n = i + 1;
                const rowErrors = rows[i];
                const errorId = `${id(`tier-${i}`)}-error`;
                const described = rowErrors ? errorId : undefined;
                const cell = (name: "up_to" | "unit_amount" | "flat_amount", text: string) => (
                  <td className="py-1 pr-2 align-top">
                    <label htmlFor={id(`tier-${i}-${name}`)} className="sr-only">
                      Tier {n} {text}
                    </label>
                    <input
                      id={id(`tier-${i}-${name}`)}
                      inputMode="decimal"
                      placeholder={name === "flat_amount" ? "0.00" : undefined}
                      className={`${inputClass} w-full`}
                      value={tier[name]}
                      onChange={(e) => setTier(i, { [name]: e.target.value })}
                      aria-invalid={!!rowErrors?.some((m) => m.startsWith(LABEL_OF[name]))}
                      aria-describedby={described}
                    />
                  </td>
                );
                return (
                  <tr key={i} data-testid="tier-row">
                    <th scope="row" className="py-1 pr-2 text-left align-top font-normal">
                      {n}
                      {rowErrors ? (
                        <p id={errorId} role="alert" className="text-sm text-red-700">
                          {rowErrors.join(" ")}
                        </p>
                      ) : null}
                    </th>
                    {last ? (
                      <td className="py-1 pr-2 align-top text-slate-700" data-testid="tier-open">
                        and above
                      </td>
                    ) : (
                      cell("up_to", "up to")
                    )}
                    {cell("unit_amount", "unit amount")}
                    {cell("flat_amount", "flat amount")}
                    <td className="py-1 align-top">
                      {value.tiers.length > 1 ? (
                        <Button
                          variant="secondary"
                          onClick={() => set({ tiers: value.tiers.filter((_, j) => j !== i) })}
                          aria-label={`Remove tier ${n}`}
                        >
                          Remove
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {general.length ? (
            <p role="alert" className="text-sm text-red-700" data-testid="tiers-error">
              {general.join(" ")}
            </p>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => set({ tiers: [...value.tiers, blankTier()] })}
            disabled={value.tiers.length >= 50}
          >
            Add tier
          </Button>
          <p className="text-xs text-slate-700">
            “Up to” is the tier’s last unit; the last tier is open (and above). Amounts in the price’s currency.
          </p>
        </fieldset>
      ) : null}
    </div>
  );
}
