"use client";
// A coupon's redemptions (GET /v2/coupons/{id}/redemptions/ through coupons.redemptions), newest first:
// when, on which contract (or checkout), with which promotion code. Loaded when the dialog opens.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable, rowsOf } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { Dialog } from "@/components/ui/Dialog";

type Redemption = RouterOutputs["coupons"]["redemptions"][number];

const columns: ColumnDef<Redemption>[] = [
  { id: "date", header: "Date", cell: ({ row }) => <DateTime value={row.original.created_at} /> },
  {
    id: "subject",
    header: "Redeemed on",
    cell: ({ row }) =>
      row.original.subject_type === "contract" ? (
        <Link className="text-blue-800 hover:underline" href={`/admin/contracts/${row.original.subject_id}`}>
          Contract {row.original.subject_id}
        </Link>
      ) : (
        `Checkout ${row.original.subject_id}`
      ),
  },
  { id: "code", header: "Promotion code", accessorFn: (r) => r.promotion_code ?? "—" },
];

function RedemptionList({ couponId }: { couponId: number }) {
  const trpc = useTRPC();
  const redemptions = useQuery(trpc.coupons.redemptions.queryOptions({ id: couponId }));
  return (
    <DataTable
      label="Redemptions"
      testId="redemptions-table"
      columns={columns}
      {...rowsOf(redemptions, redemptions.data)}
      rowTestId={() => "redemption-row"}
      empty={{ message: "Not redeemed yet." }}
    />
  );
}

export function SeeRedemptions({ couponId, couponName }: { couponId: number; couponName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      title={`Redemptions of “${couponName}”`}
      open={open}
      onOpenChange={setOpen}
      testId="redemptions-dialog"
      trigger={
        <button type="button" className="text-sm text-blue-800 hover:underline">
          See redemptions
        </button>
      }
    >
      {open ? <RedemptionList couponId={couponId} /> : null}
    </Dialog>
  );
}
