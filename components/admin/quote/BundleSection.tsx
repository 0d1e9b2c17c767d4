"use client";
// Bundle mode: the bundle, its quantity, each item (include, selectable price, quantity) and the
// add-ons its rules offer for the current selection.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { Options } from "@/components/ui/Options";
import { type Draft, selectionsOf } from "./draft";
import { priceLabel } from "./PriceRows";

type Errors = Record<string, string[]>;

export function BundleSection({
  draft,
  set,
  errors,
}: {
  draft: Draft;
  set: (p: Partial<Draft>) => void;
  errors: Errors;
}) {
  const trpc = useTRPC();
  const bundles = useQuery(trpc.quoteBuilder.bundles.queryOptions());
  const id = Number(draft.bundleId) || 0;
  const bundle = useQuery(trpc.quoteBuilder.bundle.queryOptions({ id }, { enabled: id > 0 }));
  const addons = useQuery(
    trpc.quoteBuilder.addons.queryOptions(
      { id, selections: selectionsOf(draft) },
      { enabled: id > 0, retry: false, placeholderData: (prev) => prev },
    ),
  );

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_8rem]">
        <SelectFormField
          id="qb-bundle"
          label="Bundle"
          errors={errors.bundle_template}
          value={draft.bundleId}
          onChange={(e) => set({ bundleId: e.target.value, selections: {}, productAddons: {}, bundleAddons: {} })}
        >
          <option value="">{bundles.isPending ? "Loading bundles…" : "Choose a bundle…"}</option>
          {bundles.data?.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
              {b.reference ? ` (${b.reference})` : ""}
            </option>
          ))}
        </SelectFormField>
        <InputFormField
          id="qb-bundle-qty"
          label="Bundle quantity"
          errors={errors.bundle_quantity}
          type="number"
          min={1}
          value={draft.bundleQuantity}
          onChange={(e) => set({ bundleQuantity: e.target.value })}
        />
      </div>
      {bundle.data ? (
        <fieldset className="space-y-2" data-testid="bundle-items">
          <legend className="text-sm font-semibold text-slate-900">Items of {bundle.data.name}</legend>
          {bundle.data.items.map((item) => {
            const sel = draft.selections[item.id] ?? { include: item.required, price: "", quantity: "" };
            const put = (p: Partial<typeof sel>) =>
              set({ selections: { ...draft.selections, [item.id]: { ...sel, ...p } } });
            return (
              <div
                key={item.id}
                className="grid items-end gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_6rem_6rem]"
              >
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={item.required || sel.include}
                    disabled={item.required}
                    onChange={(e) => put({ include: e.target.checked })}
                  />
                  <span>{item.required ? `${item.product.name} (required)` : `Include ${item.product.name}`}</span>
                </label>
                {item.selectable_prices.length > 1 ? (
                  <SelectFormField
                    id={`qb-item-${item.id}-price`}
                    label={`${item.product.name} price`}
                    value={sel.price || String(item.default_price_id ?? "")}
                    onChange={(e) => put({ price: e.target.value })}
                  >
                    {item.selectable_prices.map((sp) => (
                      <option key={sp.price_id} value={sp.price_id}>
                        {sp.display_label ? `${sp.display_label} — ` : ""}
                        {priceLabel(sp.price)}
                      </option>
                    ))}
                  </SelectFormField>
                ) : (
                  <p className="text-sm text-slate-700">{item.default_price ? priceLabel(item.default_price) : "—"}</p>
                )}
                <InputFormField
                  id={`qb-item-${item.id}-qty`}
                  label="Quantity"
                  type="number"
                  min={1}
                  placeholder={String(item.quantity)}
                  value={sel.quantity}
                  onChange={(e) => put({ quantity: e.target.value })}
                />
                <InputFormField
                  id={`qb-item-${item.id}-discount`}
                  label="Discount %"
                  inputMode="decimal"
                  placeholder="0"
                  value={sel.discount ?? ""}
                  onChange={(e) => put({ discount: e.target.value })}
                />
              </div>
            );
          })}
          {errors.bundle_item_selections ? (
            <p className="text-sm text-red-800" data-testid="qb-selections-error">
              {errors.bundle_item_selections.join(" ")}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {addons.data && (addons.data.product_addons.length || addons.data.bundle_addons.length) ? (
        <fieldset className="space-y-2" data-testid="bundle-addons">
          <legend className="text-sm font-semibold text-slate-900">Add-ons</legend>
          {addons.data.product_addons.map((a) => {
            const st = draft.productAddons[a.rule_id] ?? {
              on: false,
              price: String(a.default_price_id),
              quantity: String(Math.max(1, a.min_quantity)),
            };
            const put = (p: Partial<typeof st>) =>
              set({ productAddons: { ...draft.productAddons, [a.rule_id]: { ...st, ...p } } });
            return (
              <div
                key={a.rule_id}
                className="grid items-end gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_6rem]"
              >
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={st.on} onChange={(e) => put({ on: e.target.checked })} /> Add{" "}
                  {a.product.name}
                </label>
                <SelectFormField
                  id={`qb-addon-${a.rule_id}-price`}
                  label={`${a.product.name} price`}
                  value={st.price}
                  onChange={(e) => put({ price: e.target.value })}
                >
                  <Options of={a.selectable_prices} value={(p) => p.id} label={priceLabel} />
                </SelectFormField>
                <InputFormField
                  id={`qb-addon-${a.rule_id}-qty`}
                  label={`Quantity${a.max_quantity ? ` (max ${a.max_quantity})` : ""}`}
                  type="number"
                  min={1}
                  value={st.quantity}
                  onChange={(e) => put({ quantity: e.target.value })}
                />
              </div>
            );
          })}
          {addons.data.bundle_addons.map((a) => {
            const st = draft.bundleAddons[a.rule_id] ?? {
              on: false,
              bundleId: a.bundle_template.id,
              quantity: String(Math.max(1, a.min_quantity)),
            };
            return (
              <label key={a.rule_id} className="flex items-center gap-2 rounded-md border border-slate-200 p-3 text-sm">
                <input
                  type="checkbox"
                  checked={st.on}
                  onChange={(e) =>
                    set({ bundleAddons: { ...draft.bundleAddons, [a.rule_id]: { ...st, on: e.target.checked } } })
                  }
                />
                Add the {a.bundle_template.name} bundle
              </label>
            );
          })}
          {[errors.additional_items, errors.additional_bundles].filter(Boolean).map((e, i) => (
            <p key={i} className="text-sm text-red-800">
              {e!.join(" ")}
            </p>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
