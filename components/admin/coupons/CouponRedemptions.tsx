"use client";
// A coupon's redemptions (GET /v2/coupons/{id}/redemptions/ through coupons.redemptions), newest first:
// when, on which contract (or checkout), with which promotion code. Loaded when the dialog opens, one page
// at a time (?redemptions_page=N).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { PagedListTable, type PagedListTableSpec } from "@/components/admin/QueryTable";
import { dateColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { Dialog } from "@/components/ui/Dialog";

type Redemption = RouterOutputs["coupons"]["redemptions"]["results"][number];

const redemptionTable: PagedListTableSpec<Redemption, number> = {
  label: "Redemptions",
  pageParam: "redemptions_page",
  usePage: (couponId, page) =>
    useQuery(useTRPC().coupons.redemptions.queryOptions({ id: couponId, page }, { placeholderData: keepPreviousData })),
  columns: [
    dateColumn("created_at", "Date", "date"),
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
  ],
  empty: "Not redeemed yet.",
};

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
      {open ? <PagedListTable {...redemptionTable} input={couponId} /> : null}
    </Dialog>
  );
}
