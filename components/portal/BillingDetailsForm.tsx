"use client";
// The portal's billing details: name, e-mail, billing address and tax ID, printed on receipts from now on.
// The server checks everything (lib/taxId.ts for the tax ID's shape); its messages show at their fields.
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useSubscriberAction } from "@/components/subscriber/useSubscriberAction";
import { Button } from "@/components/ui/Button";
import { InputFormField } from "@/components/ui/FormField";
import { formError } from "./formErrors";

export interface BillingDetails {
  name: string | null;
  email: string | null;
  billing_address: Record<string, string> | null;
  tax_id: string | null;
}

type Errors = Record<string, string[] | undefined>;

const ADDRESS_FIELDS = [
  ["line1", "address-line1"],
  ["line2", "address-line2"],
  ["postal_code", "postal-code"],
  ["city", "address-level2"],
  ["state", "address-level1"],
  ["country", "country"],
] as const;

export function BillingDetailsForm({ initial }: { initial: BillingDetails }) {
  const t = useTranslations("billingDetails");
  const fe = useTranslations("formErrors");
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
              for (const [k, v] of Object.entries(body))
                if (Array.isArray(v)) fields[k.replace(/^address\./, "")] = v.map((m) => formError(fe, String(m)));
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
        label={t("name")}
        errors={errors.name}
        required
        autoComplete="name"
        value={name}
        onChange={(ev) => setName(ev.target.value)}
      />
      <InputFormField
        id={`${uid}-email`}
        label={t("email")}
        type="email"
        errors={errors.email}
        required
        autoComplete="email"
        value={email}
        onChange={(ev) => setEmail(ev.target.value)}
      />
      {ADDRESS_FIELDS.map(([field, autoComplete]) => (
        <InputFormField
          key={field}
          id={`${uid}-${field}`}
          label={t(field)}
          errors={errors[field]}
          autoComplete={autoComplete}
          value={address[field] ?? ""}
          onChange={(ev) => setAddress((a) => ({ ...a, [field]: ev.target.value }))}
        />
      ))}
      <InputFormField
        id={`${uid}-tax`}
        label={t("taxId")}
        errors={errors.tax_id}
        hint={t("taxIdHelp")}
        value={taxId}
        onChange={(ev) => setTaxId(ev.target.value)}
      />
      <Button type="submit" variant="primary" size="touch" disabled={act.pending}>
        {act.pending ? t("saving") : t("save")}
      </Button>
      {saved ? (
        <p role="status" className="text-sm text-green-800">
          {t("saved")}
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
