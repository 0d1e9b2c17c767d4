"use client";
// The bundle page's item edits: "Add item" and "Edit item" open the item editor in a dialog; "Remove item"
// asks first. Each calls the bundle item procedures (catalogAdmin.bundles.addItem/updateItem/removeItem).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { ConfirmDialog, Dialog } from "@/components/ui/Dialog";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { FormError } from "@/components/ui/FormError";
import { Loading } from "@/components/ui/QueryState";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";
import { BundleItemsEditor, emptyItem, type ItemDraft } from "./BundleItemsEditor";

type Item = RouterOutputs["catalogAdmin"]["bundles"]["get"]["items"][number];
const ITEM_FIELDS = ["product_id", "quantity", "price_option_scope", "default_price_id", "selectable_price_ids"];
const buttonClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50";

const draftOf = (item: Item): ItemDraft => ({
  product_id: item.product.id,
  quantity: item.quantity,
  price_option_scope: item.price_option_scope as ItemDraft["price_option_scope"],
  default_price_id: item.default_price_id,
  // for "selectable" the offered prices are the item's own list; other scopes keep none
  selectable_price_ids: item.price_option_scope === "selectable" ? item.selectable_prices.map((s) => s.price_id) : [],
  required: item.required,
});

/** A dialog's open state and what follows a saved item change: say so, close, reload the bundle. */
function useItemDialog(message: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const onSuccess = async () => {
    toast.success(message);
    setOpen(false);
    await queryClient.invalidateQueries(trpc.catalogAdmin.bundles.pathFilter());
  };
  return { open, setOpen, onSuccess };
}

/** The single-item editor with its own submit; `save` sends the draft. */
function ItemForm({
  initial,
  submitLabel,
  pending,
  error,
  save,
}: {
  initial: ItemDraft;
  submitLabel: string;
  pending: boolean;
  error: unknown;
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
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
    </form>
  );
}

export function AddItemDialog({ bundleId }: { bundleId: number }) {
  const trpc = useTRPC();
  const { open, setOpen, onSuccess } = useItemDialog("Item added");
  const add = useMutation(trpc.catalogAdmin.bundles.addItem.mutationOptions({ onSuccess }));
  return (
    <Dialog
      title="Add an item to this bundle"
      open={open}
      onOpenChange={(next) => (setOpen(next), add.reset())}
      trigger={
        <button type="button" className={buttonClass}>
          Add item
        </button>
      }
    >
      <ItemForm
        initial={emptyItem()}
        submitLabel="Add item"
        pending={add.isPending}
        error={add.error}
        save={(draft) => add.mutate({ ...draft, id: bundleId })}
      />
    </Dialog>
  );
}

export function EditItemDialog({ bundleId, item, position }: { bundleId: number; item: Item; position: number }) {
  const trpc = useTRPC();
  const { open, setOpen, onSuccess } = useItemDialog("Item saved");
  const update = useMutation(trpc.catalogAdmin.bundles.updateItem.mutationOptions({ onSuccess }));
  return (
    <Dialog
      title={`Edit item ${position}: ${item.product.name}`}
      open={open}
      onOpenChange={(next) => (setOpen(next), update.reset())}
      trigger={
        <button type="button" className={buttonClass}>
          Edit item {position}
        </button>
      }
    >
      <ItemForm
        initial={draftOf(item)}
        submitLabel="Save item"
        pending={update.isPending}
        error={update.error}
        save={(draft) => update.mutate({ ...draft, id: bundleId, item_id: item.id })}
      />
    </Dialog>
  );
}

export function RemoveItemButton({ bundleId, item, position }: { bundleId: number; item: Item; position: number }) {
  const trpc = useTRPC();
  const { open, setOpen, onSuccess } = useItemDialog("Item removed");
  const remove = useMutation(trpc.catalogAdmin.bundles.removeItem.mutationOptions({ onSuccess }));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (setOpen(next), remove.reset())}
      title={`Remove item ${position} (${item.product.name})?`}
      description="New quotes and contracts from this bundle no longer include it; existing contracts keep their items."
      tone="danger"
      confirmLabel="Remove item"
      pendingLabel="Removing…"
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={() => remove.mutate({ id: bundleId, item_id: item.id })}
      trigger={
        <button type="button" className={buttonClass}>
          Remove item {position}
        </button>
      }
    />
  );
}
