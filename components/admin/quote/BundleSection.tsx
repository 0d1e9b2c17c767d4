"use client";
// Bundle mode: the bundle, its quantity, each item (include, selectable price, quantity) and the
// add-ons its rules offer for the current selection.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { Options } from "@/components/ui/Options";
import { priceLabel } from "@/components/ui/priceLabel";
import { binder } from "./bind";
import { ChoiceRow } from "./ChoiceRow";
import { type Draft, draftEntries, selectionsOf } from "./draft";

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
  const entry = draftEntries(draft, set);
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
          {...binder("qb", draft, set)("bundleQuantity", "bundle-qty")}
          label="Bundle quantity"
          errors={errors.bundle_quantity}
          type="number"
          min={1}
        />
      </div>
      {bundle.data ? (
        <fieldset className="space-y-2" data-testid="bundle-items">
          <legend className="text-sm font-semibold text-slate-900">Items of {bundle.data.name}</legend>
          {bundle.data.items.map((item) => {
            const [sel, put] = entry("selections", item.id, { include: item.required, price: "", quantity: "" });
            const bind = binder(`qb-item-${item.id}`, sel, put);
            return (
              <ChoiceRow
                key={item.id}
                columns="sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_6rem_6rem]"
                checked={item.required || sel.include}
                disabled={item.required}
                onCheck={(include) => put({ include })}
                label={
                  <span>{item.required ? `${item.product.name} (required)` : `Include ${item.product.name}`}</span>
                }
              >
                {item.selectable_prices.length > 1 ? (
                  <SelectFormField
                    {...bind("price")}
                    label={`${item.product.name} price`}
                    value={sel.price || String(item.default_price_id ?? "")}
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
                  {...bind("quantity", "qty")}
                  label="Quantity"
                  type="number"
                  min={1}
                  placeholder={String(item.quantity)}
                />
                <InputFormField {...bind("discount")} label="Discount %" inputMode="decimal" placeholder="0" />
              </ChoiceRow>
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
            const [st, put] = entry("productAddons", a.rule_id, {
              on: false,
              price: String(a.default_price_id),
              quantity: String(Math.max(1, a.min_quantity)),
            });
            const bind = binder(`qb-addon-${a.rule_id}`, st, put);
            return (
              <ChoiceRow
                key={a.rule_id}
                columns="sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_6rem]"
                checked={st.on}
                onCheck={(on) => put({ on })}
                label={` Add ${a.product.name}`}
              >
                <SelectFormField {...bind("price")} label={`${a.product.name} price`}>
                  <Options of={a.selectable_prices} value={(p) => p.id} label={priceLabel} />
                </SelectFormField>
                <InputFormField
                  {...bind("quantity", "qty")}
                  label={`Quantity${a.max_quantity ? ` (max ${a.max_quantity})` : ""}`}
                  type="number"
                  min={1}
                />
              </ChoiceRow>
            );
          })}
          {addons.data.bundle_addons.map((a) => {
            const [st, put] = entry("bundleAddons", a.rule_id, {
              on: false,
              bundleId: a.bundle_template.id,
              quantity: String(Math.max(1, a.min_quantity)),
            });
            return (
              <label key={a.rule_id} className="flex items-center gap-2 rounded-md border border-slate-200 p-3 text-sm">
                <input type="checkbox" checked={st.on} onChange={(e) => put({ on: e.target.checked })} />
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
