"use client";
// "Initial billing": what is billed when the contract starts (nothing, a run now, or the next invoice), a
// free trial, and with a run now the one-time charges it carries.
import { Card } from "@/components/ui/Card";
import type { FieldErrors } from "@/components/ui/errors";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { binder } from "./bind";
import type { Draft, InitialMode } from "./draft";
import { PriceRows, type PriceRowsOfDraft } from "./PriceRows";

const MODE_HINT: Record<InitialMode, string> = {
  create_initial_run: "A billing run for the first period (prorated) and the one-time charges below is scheduled now.",
  next_invoice: "The first period is added to the first regular invoice.",
  none: "Nothing is billed until the first regular billing date.",
};

export function InitialBillingCard({
  draft,
  set,
  errors,
  initialRows,
}: {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  errors: FieldErrors;
  initialRows: PriceRowsOfDraft;
}) {
  return (
    <Card title="Initial billing">
      <SelectFormField
        id="qb-initial-mode"
        label="Initial billing mode"
        errors={errors.initial_billing_mode}
        hint={MODE_HINT[draft.initialMode]}
        value={draft.initialMode}
        onChange={(e) => {
          const initialMode = e.target.value as InitialMode;
          // initial items go only with a run now (the domain refuses them otherwise)
          set({ initialMode, initialItems: initialMode === "create_initial_run" ? draft.initialItems : [] });
        }}
      >
        <option value="none">None: start billing at the first billing date</option>
        <option value="create_initial_run">Charge now (initial billing run)</option>
        <option value="next_invoice">Add the first period to the next invoice</option>
      </SelectFormField>
      <div className="mt-4">
        <InputFormField
          {...binder("qb", draft, set)("trialDays", "trial-days")}
          label="Free trial (days)"
          errors={errors.trial_days}
          hint="Optional. Nothing is charged during the trial; the first period starts when it ends."
          type="number"
          min={1}
          inputMode="numeric"
        />
      </div>
      {draft.initialMode === "create_initial_run" ? (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">One-time charges (initial items)</h3>
          <PriceRows
            idPrefix="qb-initial"
            what="One-time charge"
            {...initialRows}
            errors={errors.initial_items}
            errorTestId="qb-initial-items-error"
          />
        </div>
      ) : null}
    </Card>
  );
}
