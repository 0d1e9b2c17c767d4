"use client";
// Promotion codes: create one for a coupon, see its redemptions, deactivate it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { ListTable, type ListTableSpec } from "@/components/admin/QueryTable";
import { actionsColumn, activeStatusColumn, redemptionsColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { DateTime } from "@/components/ui/DateTime";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { Field, inputClass, SelectField } from "@/components/ui/Field";
import { optionalInt, text } from "@/components/ui/formData";
import { GridForm } from "@/components/ui/GridForm";
import { Options } from "@/components/ui/Options";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";
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
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const coupons = useQuery(trpc.coupons.list.queryOptions());
  const create = useMutation(
    trpc.coupons.createCode.mutationOptions({
      onSuccess: async () => {
        formRef.current?.reset();
        toast.success("Promotion code created");
        await queryClient.invalidateQueries(trpc.coupons.pathFilter());
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);
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
    <GridForm
      formRef={formRef}
      testId="promotion-code-form"
      error={formErrorOf(create.error, FIELDS)}
      onSubmit={onSubmit}
    >
      <SelectField id="code-coupon" label="Coupon" errors={errors.coupon} name="coupon">
        <Options of={active} value={(c) => c.id} label={(c) => c.name} />
      </SelectField>
      <Field id="code-code" label="Code" errors={errors.code} hint="Letters, digits, - or _; case-insensitive.">
        <input id="code-code" name="code" className={inputClass} aria-invalid={!!errors.code} />
      </Field>
      <Field id="code-max" label="Max redemptions" errors={errors.max_redemptions} hint="Empty: unlimited.">
        <input id="code-max" name="max_redemptions" inputMode="numeric" className={inputClass} />
      </Field>
      <Field id="code-expires" label="Expires at" errors={errors.expires_at} hint="Empty: never.">
        <input id="code-expires" name="expires_at" type="datetime-local" className={inputClass} />
      </Field>
      <div className="self-end">
        <SubmitButton pending={create.isPending}>Create promotion code</SubmitButton>
      </div>
    </GridForm>
  );
}
