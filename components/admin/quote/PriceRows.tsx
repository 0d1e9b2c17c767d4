"use client";
// Rows of individual prices (recurring items or one-time initial items): price, quantity, unit price
// override and discount, with "Add" and "Remove" buttons.
import { Button } from "@/components/ui/Button";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { Options } from "@/components/ui/Options";
import { type LabelledPrice, priceLabel } from "@/components/ui/priceLabel";
import { binder } from "./bind";
import { type Draft, type ItemRow, newRow } from "./draft";

/** A price the rows choose from: what its label needs. */
export type PriceOption = LabelledPrice;

/** One list of price rows of the draft: its rows, the prices they choose from, the change that writes them back. */
export interface PriceRowsOfDraft {
  rows: ItemRow[];
  prices: PriceOption[];
  onChange: (rows: ItemRow[]) => void;
}

export const priceRowsOf = (
  draft: Draft,
  set: (patch: Partial<Draft>) => void,
  prices: PriceOption[],
  part: "items" | "initialItems",
  billingType: "recurring" | "one_time",
): PriceRowsOfDraft => ({
  rows: draft[part],
  prices: prices.filter((p) => p.billing_type === billingType),
  onChange: (rows) => set(part === "items" ? { items: rows } : { initialItems: rows }),
});

export function PriceRows({
  idPrefix,
  what,
  rows,
  prices,
  onChange,
  errors,
  errorTestId = `${idPrefix}-error`,
}: {
  idPrefix: string;
  what: string;
  rows: ItemRow[];
  prices: PriceOption[];
  onChange: (rows: ItemRow[]) => void;
  /** the server's messages for the rows as a whole, shown under them */
  errors?: string[];
  /** `<idPrefix>-error` unless told */
  errorTestId?: string;
}) {
  const patch = (key: string, p: Partial<ItemRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...p } : r)));
  return (
    <>
      <div className="space-y-3">
        {rows.map((r, i) => {
          const bind = binder(`${idPrefix}-${i}`, r, (p) => patch(r.key, p));
          return (
            <fieldset
              key={r.key}
              className="grid gap-3 rounded-md border border-slate-200 p-3 md:grid-cols-[minmax(0,3fr)_5rem_7rem_6rem_auto]"
              data-testid={`${idPrefix}-row`}
            >
              <legend className="sr-only">
                {what} {i + 1}
              </legend>
              <SelectFormField {...bind("price")} label={`${what} ${i + 1}: price`}>
                <option value="">Choose a price…</option>
                <Options of={prices} value={(p) => p.id} label={priceLabel} />
              </SelectFormField>
              <InputFormField {...bind("quantity", "qty")} label="Quantity" type="number" min={1} inputMode="numeric" />
              <InputFormField
                {...bind("unitAmount", "unit")}
                label="Unit price override"
                inputMode="decimal"
                placeholder="catalog"
              />
              <InputFormField {...bind("discount")} label="Discount %" inputMode="decimal" placeholder="0" />
              <div className="flex items-end">
                <Button onClick={() => onChange(rows.filter((x) => x.key !== r.key))}>
                  Remove
                  <span className="sr-only">
                    {" "}
                    {what.toLowerCase()} {i + 1}
                  </span>
                </Button>
              </div>
            </fieldset>
          );
        })}
        <Button onClick={() => onChange([...rows, newRow()])}>Add {what.toLowerCase()}</Button>
      </div>
      {errors ? (
        <p className="mt-2 text-sm text-red-800" data-testid={errorTestId}>
          {errors.join(" ")}
        </p>
      ) : null}
    </>
  );
}
