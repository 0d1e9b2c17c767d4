"use client";
// The customer of the new contract: type to find one (reference, name or email), or create one inline.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { NewCustomerForm } from "@/components/admin/customers/NewCustomerForm";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { InputFormField } from "@/components/ui/FormField";

export function CustomerPicker({
  value,
  onChange,
  errors,
}: {
  value: string;
  onChange: (reference: string) => void;
  errors?: string[];
}) {
  const trpc = useTRPC();
  const [term, setTerm] = useState(value);
  const [creating, setCreating] = useState(false);
  useEffect(() => setTerm(value), [value]);
  useEffect(() => {
    const t = setTimeout(() => {
      if (term !== value) onChange(term.trim());
    }, 300);
    return () => clearTimeout(t);
  }, [term, value, onChange]);
  const found = useQuery(
    trpc.customers.search.queryOptions({ q: term.trim() || undefined, page: 1 }, { placeholderData: (prev) => prev }),
  );
  const exact = found.data?.results.find((c) => c.reference === value);
  return (
    <div className="flex flex-wrap items-start gap-3">
      <div className="min-w-64 flex-1">
        <InputFormField
          id="qb-customer"
          label="Customer"
          errors={errors}
          required
          hint={
            exact
              ? `${exact.name ?? exact.reference}${exact.email ? ` · ${exact.email}` : ""}`
              : "Type a reference, name or email and pick from the list."
          }
          list="qb-customer-options"
          autoComplete="off"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          onBlur={() => onChange(term.trim())}
        />
        <datalist id="qb-customer-options">
          {found.data?.results.map((c) => (
            <option key={c.id} value={c.reference}>
              {[c.name, c.email].filter(Boolean).join(" · ")}
            </option>
          ))}
        </datalist>
      </div>
      <div className="pt-6">
        <Dialog
          title="New customer"
          description="The customer is created now and chosen for this contract."
          open={creating}
          onOpenChange={setCreating}
          trigger={<Button writeAction="create customers">Create customer…</Button>}
        >
          <NewCustomerForm
            onCreated={(reference) => {
              onChange(reference);
              setCreating(false);
            }}
          />
        </Dialog>
      </div>
    </div>
  );
}
