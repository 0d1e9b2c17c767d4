"use client";
// Promotion codes: create one for a coupon, see its redemptions, deactivate it.
import { useMutation, useQuery } from "@tanstack/react-query";
import { ListTable, type ListTableSpec } from "@/components/admin/QueryTable";
import { actionsColumn, activeStatusColumn, redemptionsColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { DateTime } from "@/components/ui/DateTime";
import { SelectField, TextField } from "@/components/ui/Field";
import { optionalInt, text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { Options } from "@/components/ui/Options";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { useResetOnSuccess } from "@/components/ui/useResetOnSuccess";
import { Deactivate } from "./Deactivate";

type Code = RouterOutputs["coupons"]["codes"][number];

const codeTable: ListTableSpec<Code> = {
  label: "Promotion codes",
  useRows: () => useQuery(useTRPC().coupons.codes.queryOptions({})),
  columns: [
    { id: "code", header: "Code", accessorKey: "code", cell: ({ row }) => <code>{row.original.code}</code> },
    { id: "coupon", header: "Coupon", accessorFn: (c) => c.coupon.name },
    redemptionsColumn<Code>(),
    { id: "expires", header: "Expires", cell: ({ row }) => <DateTime value={row.original.expires_at} empty="Never" /> },
    activeStatusColumn<Code>(),
    actionsColumn((code) => (
      <Deactivate
        what="promotion code"
        record={code}
        consequence={`Customers can no longer redeem “${code.code}”; discounts already running continue.`}
      />
    )),
  ],
  empty: "No promotion codes yet. Create one for a coupon with the form below.",
};

export function PromotionCodeTable() {
  return <ListTable {...codeTable} />;
}

const FIELDS = ["coupon", "code", "max_redemptions", "expires_at"] as const;

export function PromotionCodeForm() {
  const trpc = useTRPC();
  const coupons = useQuery(trpc.coupons.list.queryOptions());
  const { formRef, onSuccess } = useResetOnSuccess({
    toast: "Promotion code created",
    refresh: trpc.coupons.pathFilter(),
  });
  const create = useMutation(trpc.coupons.createCode.mutationOptions({ onSuccess }));
  const { field, formError } = formFields(create.error, FIELDS, "code");
  const active = (coupons.data ?? []).filter((c) => c.active);

  function onSubmit(f: FormData) {
    const max = optionalInt(f, "max_redemptions");
    const expires = text(f, "expires_at");
    create.mutate({
      coupon: Number(text(f, "coupon")),
      code: text(f, "code"),
      ...(max !== null ? { max_redemptions: max } : {}),
      ...(expires ? { expires_at: new Date(expires).toISOString() } : {}),
    });
  }

  return (
    <GridForm formRef={formRef} testId="promotion-code-form" error={formError} onSubmit={onSubmit}>
      <SelectField {...field("coupon")} label="Coupon">
        <Options of={active} value={(c) => c.id} label={(c) => c.name} />
      </SelectField>
      <TextField {...field("code")} label="Code" hint="Letters, digits, - or _; case-insensitive." />
      <TextField
        {...field("max_redemptions", "code-max")}
        label="Max redemptions"
        hint="Empty: unlimited."
        inputMode="numeric"
      />
      <TextField
        {...field("expires_at", "code-expires")}
        label="Expires at"
        hint="Empty: never."
        type="datetime-local"
      />
      <div className="self-end">
        <SubmitButton pending={create.isPending} writeAction="create promotion codes">
          Create promotion code
        </SubmitButton>
      </div>
    </GridForm>
  );
}
