"use client";
// The portal's billing details: name, e-mail, billing address and tax ID, printed on receipts from now on.
// The server checks everything (lib/taxId.ts for the tax ID's shape); its messages show at their fields.
import { useId, useState } from "react";
import { useSubscriberAction } from "@/components/subscriber/useSubscriberAction";
import { Button } from "@/components/ui/Button";
import { InputFormField } from "@/components/ui/FormField";
import { TAX_ID_HELP } from "@/lib/taxId";

export interface BillingDetails {
  name: string | null;
  email: string | null;
  billing_address: Record<string, string> | null;
  tax_id: string | null;
}

type Errors = Record<string, string[] | undefined>;

const ADDRESS_FIELDS = [
  ["line1", "Address", "address-line1", true],
  ["line2", "Address line 2 (optional)", "address-line2", false],
  ["postal_code", "Postal code", "postal-code", true],
  ["city", "City", "address-level2", true],
  ["state", "State or region (optional)", "address-level1", false],
  ["country", "Country code (e.g. FI)", "country", true],
] as const;

export function BillingDetailsForm({ initial }: { initial: BillingDetails }) {
  const uid = useId();
  const act = useSubscriberAction();
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const [name, setName] = useState(initial.name ?? "");
  const [email, setEmail] = useState(initial.email ?? "");
  const [taxId, setTaxId] = useState(initial.tax_id ?? "");
  const [address, setAddress] = useState<Record<string, string>>(initial.billing_address ?? {});
  const hasAddress = Object.values(address).some((v) => v.trim() !== "");
  return (
    <form
      className="space-y-3"
      data-testid="billing-details"
      onSubmit={async (ev) => {
        ev.preventDefault();
        setErrors({});
        setSaved(false);
        const r = await act.run(
          {
            action: "update_billing_details",
            name,
            email,
            address: hasAddress ? address : null,
            tax_id: taxId.trim() || null,
          },
          {
            onError: (body) => {
              const fields: Errors = {};
              for (const [k, v] of Object.entries(body)) if (Array.isArray(v)) fields[k.replace(/^address\./, "")] = v;
              setErrors(fields);
              return Object.keys(fields).length > 0;
            },
          },
        );
        if (r) setSaved(true);
      }}
    >
      <InputFormField
        id={`${uid}-name`}
        label="Name"
        errors={errors.name}
        required
        autoComplete="name"
        value={name}
        onChange={(ev) => setName(ev.target.value)}
      />
      <InputFormField
        id={`${uid}-email`}
        label="E-mail"
        type="email"
        errors={errors.email}
        required
        autoComplete="email"
        value={email}
        onChange={(ev) => setEmail(ev.target.value)}
      />
      {ADDRESS_FIELDS.map(([field, label, autoComplete]) => (
        <InputFormField
          key={field}
          id={`${uid}-${field}`}
          label={label}
          errors={errors[field]}
          autoComplete={autoComplete}
          value={address[field] ?? ""}
          onChange={(ev) => setAddress((a) => ({ ...a, [field]: ev.target.value }))}
        />
      ))}
      <InputFormField
        id={`${uid}-tax`}
        label="Tax ID (optional)"
        errors={errors.tax_id}
        hint={TAX_ID_HELP}
        value={taxId}
        onChange={(ev) => setTaxId(ev.target.value)}
      />
      <Button type="submit" variant="primary" size="touch" disabled={act.pending}>
        {act.pending ? "Saving…" : "Save billing details"}
      </Button>
      {saved ? (
        <p role="status" className="text-sm text-green-800">
          Saved. Your next receipts show these details.
        </p>
      ) : null}
      {act.error ? (
        <p role="alert" className="text-sm text-red-800">
          {act.error}
        </p>
      ) : null}
    </form>
  );
}
