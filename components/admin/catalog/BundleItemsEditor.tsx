"use client";
// Item rows of a new bundle: product, quantity, price option scope, default price and selectable prices.
import type { RouterOutputs } from "@/components/trpc/types";
import { Button } from "@/components/ui/Button";
import { Field, inputClass, SelectField } from "@/components/ui/Field";
import { Options } from "@/components/ui/Options";
import { priceLabel as labelOf } from "@/components/ui/priceLabel";

type Product = RouterOutputs["catalog"]["products"]["list"][number];
type Price = RouterOutputs["catalog"]["prices"]["list"][number];
export interface ItemDraft {
  product_id: number | null;
  quantity: number;
  price_option_scope: "fixed" | "selectable" | "product_active_recurring";
  default_price_id: number | null;
  selectable_price_ids: number[];
  required: boolean;
}
export const emptyItem = (): ItemDraft => ({
  product_id: null,
  quantity: 1,
  price_option_scope: "fixed",
  default_price_id: null,
  selectable_price_ids: [],
  required: true,
});

// the product is chosen in the field beside it
const priceLabel = (p: Price) => labelOf(p, { product: false });

export function BundleItemsEditor({
  items,
  onChange,
  products,
  prices,
  errors,
  single = false,
}: {
  single?: boolean;
  items: ItemDraft[];
  onChange: (items: ItemDraft[]) => void;
  products: Product[];
  prices: Price[];
  errors: Record<string, string[]>;
}) {
  const set = (i: number, patch: Partial<ItemDraft>) =>
    onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  return (
    <fieldset className="space-y-4">
      <legend className={single ? "sr-only" : "text-sm font-medium text-slate-800"}>Items</legend>
      {items.map((it, i) => {
        const own = prices.filter((p) => p.product_id === it.product_id);
        const id = (f: string) => `bundle-item-${i}-${f}`;
        const err = (f: string) => errors[`items.${i}.${f}`];
        const name = single ? "Item" : `Item ${i + 1}`;
        return (
          <div
            key={i}
            className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3"
            data-testid="bundle-item-row"
          >
            <SelectField
              id={id("product_id")}
              label={`${name}: product`}
              errors={err("product_id")}
              value={it.product_id ?? ""}
              onChange={(e) =>
                set(i, {
                  product_id: e.target.value ? Number(e.target.value) : null,
                  default_price_id: null,
                  selectable_price_ids: [],
                })
              }
            >
              <option value="">Choose a product</option>
              <Options of={products} value={(p) => p.id} label={(p) => p.name} />
            </SelectField>
            <Field id={id("quantity")} label={`${name}: quantity`} errors={err("quantity")}>
              <input
                id={id("quantity")}
                type="number"
                min={1}
                value={it.quantity}
                className={inputClass}
                onChange={(e) => set(i, { quantity: Number(e.target.value) })}
              />
            </Field>
            <SelectField
              id={id("price_option_scope")}
              label={`${name}: price choice`}
              errors={err("price_option_scope")}
              value={it.price_option_scope}
              onChange={(e) => set(i, { price_option_scope: e.target.value as ItemDraft["price_option_scope"] })}
            >
              <option value="fixed">Fixed (default price only)</option>
              <option value="selectable">Customer picks from selectable prices</option>
              <option value="product_active_recurring">Any active recurring price of the product</option>
            </SelectField>
            <SelectField
              id={id("default_price_id")}
              label={`${name}: default price`}
              errors={err("default_price_id")}
              value={it.default_price_id ?? ""}
              disabled={!it.product_id}
              onChange={(e) => set(i, { default_price_id: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">None</option>
              <Options of={own} value={(p) => p.id} label={priceLabel} />
            </SelectField>
            {it.price_option_scope === "selectable" ? (
              <Field
                id={id("selectable_price_ids")}
                label={`${name}: selectable prices`}
                errors={err("selectable_price_ids")}
              >
                <select
                  id={id("selectable_price_ids")}
                  multiple
                  value={it.selectable_price_ids.map(String)}
                  className={`${inputClass} h-24`}
                  onChange={(e) =>
                    set(i, { selectable_price_ids: Array.from(e.target.selectedOptions, (o) => Number(o.value)) })
                  }
                >
                  <Options of={own} value={(p) => p.id} label={priceLabel} />
                </select>
              </Field>
            ) : null}
            <div className="flex items-center gap-2 self-end pb-2">
              <input
                id={id("required")}
                type="checkbox"
                checked={it.required}
                onChange={(e) => set(i, { required: e.target.checked })}
                className="h-4 w-4"
              />
              <label htmlFor={id("required")} className="text-sm text-slate-800">
                {name} is required
              </label>
            </div>
            {items.length > 1 && !single ? (
              <div className="self-end">
                <Button
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                  size="sm"
                  writeAction="change bundles"
                >
                  Remove item {i + 1}
                </Button>
              </div>
            ) : null}
          </div>
        );
      })}
      {single ? null : (
        <Button onClick={() => onChange([...items, emptyItem()])} size="sm" writeAction="change bundles">
          Add item
        </Button>
      )}
    </fieldset>
  );
}
