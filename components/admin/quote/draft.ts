// The quote builder's editable state and how it becomes the REST body (POST /v2/subscription-offer-quotes/
// and POST /v2/subscription-contracts/ take the same offer fields). Blank inputs are left out so the
// server's defaults apply; typed values go as typed so the server's messages name what is wrong.

export interface ItemRow {
  key: string;
  price: string;
  quantity: string;
  unitAmount: string;
  discount: string;
}
export interface SelectionState {
  include: boolean;
  price: string;
  quantity: string;
  discount?: string;
}
export interface AddonState {
  on: boolean;
  price: string;
  quantity: string;
}

export type InitialMode = "none" | "create_initial_run" | "next_invoice";

export interface Draft {
  customer: string;
  mode: "bundle" | "items";
  bundleId: string;
  bundleQuantity: string;
  selections: Record<number, SelectionState>; // by bundle item id
  productAddons: Record<number, AddonState>; // by rule id
  bundleAddons: Record<number, { on: boolean; bundleId: number; quantity: string }>; // by rule id
  items: ItemRow[];
  initialMode: InitialMode;
  initialItems: ItemRow[];
  /** free trial in days (extension); blank: none */
  trialDays: string;
}

let seq = 0;
export const newRow = (price = ""): ItemRow => ({
  key: `row-${++seq}`,
  price,
  quantity: "1",
  unitAmount: "",
  discount: "",
});

export const emptyDraft = (customer = ""): Draft => ({
  customer,
  mode: "bundle",
  bundleId: "",
  bundleQuantity: "1",
  selections: {},
  productAddons: {},
  bundleAddons: {},
  items: [newRow()],
  initialMode: "none",
  initialItems: [],
  trialDays: "",
});

const num = (s: string): number | undefined => (s.trim() === "" ? undefined : Number(s));
const opt = (s: string): string | undefined => (s.trim() === "" ? undefined : s.trim());

function itemBody(r: ItemRow) {
  return {
    price: Number(r.price),
    quantity: num(r.quantity),
    unit_amount_override: opt(r.unitAmount),
    discount_percent: opt(r.discount),
  };
}

export const selectionsOf = (d: Draft) =>
  Object.entries(d.selections).map(([id, s]) => ({
    bundle_item: Number(id),
    include: s.include,
    selected_price: s.price ? Number(s.price) : undefined,
    quantity: num(s.quantity),
    discount_percent: opt(s.discount ?? ""),
  }));

/** The offer body, or null while there is nothing to price yet. */
export function offerBody(d: Draft) {
  const initial = d.initialMode === "create_initial_run" ? d.initialItems.filter((r) => r.price).map(itemBody) : [];
  const common = {
    customer_reference: d.customer.trim() || undefined,
    initial_billing_mode: d.initialMode,
    initial_items: initial,
    trial_days: num(d.trialDays),
  };
  if (d.mode === "bundle") {
    if (!d.bundleId) return null;
    return {
      ...common,
      bundle_template: Number(d.bundleId),
      bundle_quantity: num(d.bundleQuantity),
      bundle_item_selections: selectionsOf(d),
      additional_items: Object.entries(d.productAddons)
        .filter(([, a]) => a.on && a.price)
        .map(([rule, a]) => ({ price: Number(a.price), rule_id: Number(rule), quantity: num(a.quantity) })),
      additional_bundles: Object.entries(d.bundleAddons)
        .filter(([, a]) => a.on)
        .map(([rule, a]) => ({ rule_id: Number(rule), bundle_template_id: a.bundleId, quantity: num(a.quantity) })),
    };
  }
  const items = d.items.filter((r) => r.price).map(itemBody);
  if (!items.length) return null;
  return { ...common, items };
}

export type OfferBody = NonNullable<ReturnType<typeof offerBody>>;

type ByIdPart = "selections" | "productAddons" | "bundleAddons";

/** The draft's by-id parts (bundle item selections, add-ons): `entry(part, id, fallback)` gives one entry's
 * state (`fallback` until first edited) and the change that writes a patch of it back. */
export function draftEntries(draft: Draft, set: (patch: Partial<Draft>) => void) {
  return <Part extends ByIdPart>(part: Part, id: number, fallback: Draft[Part][number]) => {
    const current: Draft[Part][number] = (draft[part] as Record<number, Draft[Part][number]>)[id] ?? fallback;
    const put = (patch: Partial<Draft[Part][number]>) =>
      set({ [part]: { ...draft[part], [id]: { ...current, ...patch } } } as Partial<Draft>);
    return [current, put] as const;
  };
}
