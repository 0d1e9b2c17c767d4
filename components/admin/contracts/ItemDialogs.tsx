"use client";
// Add, change (price, quantity, discount) and remove a contract item, each through the preview pattern.
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { FieldErrors } from "@/components/ui/errors";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { priceLabel } from "@/components/ui/priceLabel";
import type { ContractItemOut } from "@/server/schemas/contracts";
import { type Body, OperationDialog } from "./OperationDialog";

type Open = { open: boolean; onOpenChange: (o: boolean) => void };
type Ids = { contractId: number; currency: string };

function PriceSelect({
  id,
  currency,
  value,
  onChange,
  errors,
  label,
}: {
  id: string;
  currency: string;
  value: string;
  onChange: (v: string) => void;
  errors?: string[];
  label: string;
}) {
  const trpc = useTRPC();
  const prices = useQuery(trpc.catalog.prices.list.queryOptions({ active: "true" }));
  const options = (prices.data ?? []).filter((p) => p.currency === currency && p.billing_type === "recurring");
  return (
    <SelectFormField
      id={id}
      label={label}
      errors={errors}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{prices.isPending ? "Loading prices…" : "Choose a price"}</option>
      {options.map((p) => (
        <option key={p.id} value={p.id}>
          {priceLabel(p)}
        </option>
      ))}
    </SelectFormField>
  );
}

/** The price and quantity an item is added or changed to: their state and their fields. */
function usePriceAndQuantity(currency: string, initial: { price: string; quantity: string }) {
  const uid = useId();
  const [price, setPrice] = useState(initial.price);
  const [quantity, setQuantity] = useState(initial.quantity);
  const fields = (errors: FieldErrors) => (
    <>
      <PriceSelect
        id={`${uid}-price`}
        label="Price"
        currency={currency}
        value={price}
        onChange={setPrice}
        errors={errors.price}
      />
      <InputFormField
        id={`${uid}-qty`}
        label="Quantity"
        errors={errors.quantity}
        type="number"
        min={1}
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
      />
    </>
  );
  return { uid, price, quantity, fields };
}

const num = (v: string) => (v.trim() === "" ? undefined : Number(v));

export function AddItemDialog({ contractId, currency, ...o }: Ids & Open) {
  const { price, quantity, fields } = usePriceAndQuantity(currency, { price: "", quantity: "1" });
  const body: Body = { price: num(price), quantity: num(quantity) };
  return (
    <OperationDialog
      {...o}
      contractId={contractId}
      currency={currency}
      operation="add_item"
      prorationChoice
      paymentChoice
      title="Add an item"
      body={body}
      fieldNames={["price", "quantity"]}
      fields={fields}
    />
  );
}

export function UpdateItemDialog({ contractId, currency, item, ...o }: Ids & Open & { item: ContractItemOut }) {
  const { uid, price, quantity, fields } = usePriceAndQuantity(currency, {
    price: String(item.price_id),
    quantity: String(item.quantity),
  });
  const [discount, setDiscount] = useState(item.discount_percent ?? "");
  // only the changed fields are sent (spec: update sends changed fields only)
  const body: Body = { contract_item: item.id };
  if (price !== String(item.price_id)) body.price = num(price);
  if (quantity !== String(item.quantity)) body.quantity = num(quantity);
  if (discount !== (item.discount_percent ?? ""))
    body.discount_percent = discount.trim() === "" ? null : discount.trim();
  return (
    <OperationDialog
      {...o}
      contractId={contractId}
      currency={currency}
      operation="update_item"
      prorationChoice
      paymentChoice
      title={`Change ${item.product_name}`}
      body={body}
      fieldNames={["price", "quantity", "discount_percent", "contract_item"]}
      fields={(e) => (
        <>
          {fields(e)}
          <InputFormField
            id={`${uid}-discount`}
            label="Discount %"
            errors={e.discount_percent}
            hint="Empty for no discount."
            inputMode="decimal"
            value={discount}
            onChange={(ev) => setDiscount(ev.target.value)}
          />
        </>
      )}
    />
  );
}

export function RemoveItemDialog({ contractId, currency, item, ...o }: Ids & Open & { item: ContractItemOut }) {
  return (
    <OperationDialog
      {...o}
      contractId={contractId}
      currency={currency}
      operation="remove_item"
      prorationChoice
      paymentChoice
      tone="danger"
      title={`Remove ${item.product_name}?`}
      body={{ contract_item: item.id }}
      fieldNames={["contract_item"]}
    />
  );
}
