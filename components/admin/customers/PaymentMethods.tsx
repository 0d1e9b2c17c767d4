"use client";
// A customer's payment methods (brand, last four, expiry, state) and "Cancel payment method"; one page of
// them (?methods_page=N), the active ones first.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PageTable } from "@/components/admin/QueryTable";
import { actionsColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { Button } from "@/components/ui/Button";
import type { ColumnDef } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { formErrorOf } from "@/components/ui/errors";
import { StatusChip } from "@/components/ui/StatusChip";
import { toast } from "@/components/ui/Toaster";
import { usePageParam } from "@/components/ui/useUrlState";
import { cardBrandLabel } from "@/lib/format/cardBrand";

type Method = RouterOutputs["customers"]["paymentMethods"]["results"][number];

const METHODS_PAGE = "methods_page";

export const methodLabel = (m: Method) =>
  m.card
    ? `${cardBrandLabel(m.card.brand ?? "card")} •••• ${m.card.last4 ?? "????"}`
    : `${m.collection_method.replace(/_/g, " ")} (#${m.id})`;
const expiry = (m: Method) =>
  m.card?.exp_month && m.card.exp_year ? `${String(m.card.exp_month).padStart(2, "0")}/${m.card.exp_year}` : "—";

export function PaymentMethods({ reference }: { reference: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const methods = useQuery(
    trpc.customers.paymentMethods.queryOptions(
      { reference, page: usePageParam(METHODS_PAGE) },
      { placeholderData: keepPreviousData },
    ),
  );
  const [target, setTarget] = useState<Method | null>(null);
  const cancel = useMutation(
    trpc.customers.cancelPaymentMethod.mutationOptions({
      onSuccess: async () => {
        toast.success(`${target ? methodLabel(target) : "Payment method"} canceled`);
        setTarget(null);
        await queryClient.invalidateQueries(trpc.customers.paymentMethods.queryFilter({ reference }));
      },
    }),
  );
  const columns: ColumnDef<Method>[] = [
    { id: "method", header: "Method", cell: ({ row }) => methodLabel(row.original) },
    { id: "expiry", header: "Expires", cell: ({ row }) => expiry(row.original) },
    { id: "collection", header: "Collection", cell: ({ row }) => row.original.collection_method.replace(/_/g, " ") },
    {
      id: "state",
      header: "State",
      cell: ({ row }) => (
        <StatusChip
          status={row.original.state}
          label={row.original.state === "active" && !row.original.verified ? "Active (unverified)" : undefined}
        />
      ),
    },
    { id: "added", header: "Added", cell: ({ row }) => <DateTime value={row.original.created_at} dateOnly /> },
    actionsColumn(
      (method) =>
        method.state === "active" ? (
          <Button
            onClick={() => {
              cancel.reset();
              setTarget(method);
            }}
            variant="dangerSecondary"
            size="sm"
            writeAction="cancel payment methods"
          >
            Cancel payment method<span className="sr-only"> {methodLabel(method)}</span>
          </Button>
        ) : (
          <span className="text-xs text-slate-700">
            Canceled <DateTime value={method.canceled_at} dateOnly />
          </span>
        ),
      { align: "right" },
    ),
  ];
  return (
    <>
      <PageTable
        label="Payment methods"
        pageParam={METHODS_PAGE}
        testId="payment-methods"
        rowTestId={() => "payment-method-row"}
        columns={columns}
        query={methods}
        empty="No payment methods. The customer adds one at checkout, on their subscriber page, or by the link of Request a card."
      />
      <ConfirmDialog
        open={!!target}
        onOpenChange={(o) => {
          if (!o) setTarget(null);
        }}
        title="Cancel payment method?"
        testId="cancel-payment-method-dialog"
        description={
          target
            ? `${methodLabel(target)} (expires ${expiry(target)}) will be canceled and its stored card data deleted.`
            : undefined
        }
        confirmLabel="Cancel payment method"
        pendingLabel="Canceling…"
        tone="danger"
        pending={cancel.isPending}
        error={cancel.error ? formErrorOf(cancel.error, []) : null}
        onConfirm={() => target && cancel.mutate({ reference, id: target.id })}
      >
        <p className="text-sm text-slate-800">
          Future billing runs of this customer&apos;s contracts cannot charge it. This cannot be undone; the customer
          can add a new method.
        </p>
      </ConfirmDialog>
    </>
  );
}
