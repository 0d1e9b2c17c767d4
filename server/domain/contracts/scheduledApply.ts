// What a scheduled item change does to its item, as pure data: the billing path writes it at effective_at
// (scheduledChanges.ts), and projections (billing/draft.ts, the console's next charge) replay it on an
// in-memory copy, so what upcoming shows is what the renewal later bills.
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import type { ContractRecord } from "./contractRows";

/** The fields of a scheduled change that decide its effect. */
export interface ScheduledChangeTerms {
  contractItemId: number;
  /** update | remove */
  kind: string;
  priceId: number | null;
  quantity: number | null;
  effectiveAt: Date;
}

type ItemRow = ContractRecord["items"][number];
/** The columns a change reads and writes; a projection's lighter rows (the forecast's) may lack the last two. */
type ItemFields = Pick<ItemRow, "priceId" | "quantity" | "status" | "endAt"> &
  Partial<Pick<ItemRow, "productId" | "removedAt">>;

/** The item's columns after `change` (a removal ends the item at effective_at, as remove_item does). */
export function itemAfterChange(catalog: CatalogSnapshot, item: ItemFields, change: ScheduledChangeTerms): ItemFields {
  if (change.kind === "remove")
    return { ...item, status: "removed", removedAt: change.effectiveAt, endAt: change.effectiveAt };
  const priceId = change.priceId ?? item.priceId;
  return {
    ...item,
    priceId,
    productId: catalog.prices.get(priceId)?.productId ?? item.productId,
    quantity: change.quantity ?? item.quantity,
  };
}

/**
 * A contract snapshot with every scheduled change effective at or before `at` applied to its items (and
 * taken off its list). A snapshot without changes is returned as is.
 */
export function withChangesDue<
  C extends { items: I[]; scheduledChanges?: ScheduledChangeTerms[] },
  I extends ItemFields & { id: number },
>(contract: C, catalog: CatalogSnapshot, at: Date): C {
  const changes = contract.scheduledChanges ?? [];
  if (!changes.length) return contract;
  const due = changes.filter((s) => s.effectiveAt <= at);
  if (!due.length) return contract;
  return {
    ...contract,
    scheduledChanges: changes.filter((s) => s.effectiveAt > at),
    items: contract.items.map((item) => {
      let next = item;
      for (const change of due)
        if (change.contractItemId === item.id && next.status === "active")
          next = { ...next, ...itemAfterChange(catalog, next, change) };
      return next;
    }),
  };
}
