"use client";
// The bundle page's item edits: "Add item" and "Edit item" open the item editor in a dialog; "Remove item"
// asks first. Each calls the bundle item procedures (catalogAdmin.bundles.addItem/updateItem/removeItem).
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog, Dialog } from "@/components/ui/Dialog";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { FormError } from "@/components/ui/FormError";
import { useCloseOnSuccess } from "@/components/ui/mutationDialog";
import { Loading } from "@/components/ui/QueryState";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { BundleItemsEditor, emptyItem, type ItemDraft } from "./BundleItemsEditor";

type Item = RouterOutputs["catalogAdmin"]["bundles"]["get"]["items"][number];
const ITEM_FIELDS = ["product_id", "quantity", "price_option_scope", "default_price_id", "selectable_price_ids"];

const draftOf = (item: Item): ItemDraft => ({
  product_id: item.product.id,
  quantity: item.quantity,
  price_option_scope: item.price_option_scope as ItemDraft["price_option_scope"],
  default_price_id: item.default_price_id,
  // for "selectable" the offered prices are the item's own list; other scopes keep none
  selectable_price_ids: item.price_option_scope === "selectable" ? item.selectable_prices.map((s) => s.price_id) : [],
  required: item.required,
});

type ItemMutation = { reset(): void; isPending: boolean; error: { message: string } | null };

/** A dialog's open state and what follows a saved item change: say so, close, reload the bundle. Its
 * props: open state (closing forgets the last error) and the trigger, a button named for what it does. */
function useItemDialog(message: string) {
  const trpc = useTRPC();
  const { dialog, onSuccess } = useCloseOnSuccess({ toast: message, refresh: trpc.catalogAdmin.bundles.pathFilter() });
  const dialogProps = (mutation: ItemMutation, triggerLabel: string) => ({
    open: dialog.open,
    onOpenChange: (next: boolean) => (dialog.onOpenChange(next), mutation.reset()),
    trigger: (
      <Button size="xs" writeAction="change bundles">
        {triggerLabel}
      </Button>
    ),
  });
  const confirmProps = (mutation: ItemMutation, triggerLabel: string) => ({
    ...dialogProps(mutation, triggerLabel),
    pending: mutation.isPending,
    error: mutation.error?.message,
  });
  return { onSuccess, dialogProps, confirmProps };
}

/** The single-item editor with its own submit; `save` sends the draft. */
function ItemForm({
  initial,
  submitLabel,
  mutation: { isPending: pending, error },
  save,
}: {
  initial: ItemDraft;
  submitLabel: string;
  mutation: ItemMutation;
  save: (draft: ItemDraft & { product_id: number }) => void;
}) {
  const trpc = useTRPC();
  const products = useQuery(trpc.catalog.products.list.queryOptions({ active: "true" }));
  const prices = useQuery(trpc.catalog.prices.list.queryOptions({ active: "true" }));
  const [draft, setDraft] = useState<ItemDraft[]>([initial]);
  if (products.isPending || prices.isPending) return <Loading what="products" />;
  // the editor's field errors are keyed items.0.<field>; the server names the item's fields directly
  const errors = Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([k, v]) => [`items.0.${k}`, v]));
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save({ ...draft[0], product_id: draft[0].product_id ?? 0 });
      }}
    >
      <FormError message={formErrorOf(error, ITEM_FIELDS)} />
      <BundleItemsEditor
        single
        items={draft}
        onChange={setDraft}
        products={products.data ?? []}
        prices={prices.data ?? []}
        errors={errors}
      />
      <SubmitButton pending={pending} writeAction="change bundles">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

type Placed = { item: Item; position: number };

/** The item editor in a dialog: a new item, or the bundle's item at `position` (1-based) as it is. */
function ItemEditorDialog({ bundleId, placed }: { bundleId: number; placed?: Placed }) {
  const client = useTRPCClient();
  const { onSuccess, dialogProps } = useItemDialog(placed ? "Item saved" : "Item added");
  const save = useMutation({
    mutationFn: (draft: ItemDraft & { product_id: number }) =>
      placed
        ? client.catalogAdmin.bundles.updateItem.mutate({ ...draft, id: bundleId, item_id: placed.item.id })
        : client.catalogAdmin.bundles.addItem.mutate({ ...draft, id: bundleId }),
    onSuccess,
  });
  const title = placed ? `Edit item ${placed.position}: ${placed.item.product.name}` : "Add an item to this bundle";
  return (
    <Dialog title={title} {...dialogProps(save, placed ? `Edit item ${placed.position}` : "Add item")}>
      <ItemForm
        initial={placed ? draftOf(placed.item) : emptyItem()}
        submitLabel={placed ? "Save item" : "Add item"}
        mutation={save}
        save={save.mutate}
      />
    </Dialog>
  );
}

export const AddItemDialog = ({ bundleId }: { bundleId: number }) => <ItemEditorDialog bundleId={bundleId} />;

export const EditItemDialog = ({ bundleId, ...placed }: { bundleId: number } & Placed) => (
  <ItemEditorDialog bundleId={bundleId} placed={placed} />
);

export function RemoveItemButton({ bundleId, item, position }: { bundleId: number; item: Item; position: number }) {
  const trpc = useTRPC();
  const { onSuccess, confirmProps } = useItemDialog("Item removed");
  const remove = useMutation(trpc.catalogAdmin.bundles.removeItem.mutationOptions({ onSuccess }));
  return (
    <ConfirmDialog
      {...confirmProps(remove, `Remove item ${position}`)}
      title={`Remove item ${position} (${item.product.name})?`}
      description="New quotes and contracts from this bundle no longer include it; existing contracts keep their items."
      tone="danger"
      confirmLabel="Remove item"
      pendingLabel="Removing…"
      onConfirm={() => remove.mutate({ id: bundleId, item_id: item.id })}
    />
  );
}
