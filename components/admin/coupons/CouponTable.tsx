"use client";
// The account's coupons (active and inactive) with their redemption counts and a deactivate action.
import { useQuery } from "@tanstack/react-query";
import { ListTable, type ListTableSpec } from "@/components/admin/QueryTable";
import { actionsColumn, activeStatusColumn, redemptionsColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { couponDurationText, formatPercent } from "@/components/ui/format";
import { Money } from "@/components/ui/Money";
import { SeeRedemptions } from "./CouponRedemptions";
import { Deactivate } from "./Deactivate";

type Coupon = RouterOutputs["coupons"]["list"][number];

function Discount({ coupon }: { coupon: Coupon }) {
  if (coupon.percent_off) return <span className="tabular-nums">{formatPercent(coupon.percent_off)}</span>;
  return (
    <span className="flex flex-col">
      {Object.entries(coupon.amounts_off).map(([currency, amount]) => (
        <Money key={currency} amount={amount} currency={currency} />
      ))}
    </span>
  );
}

const couponTable: ListTableSpec<Coupon> = {
  label: "Coupons",
  useRows: () => useQuery(useTRPC().coupons.list.queryOptions()),
  columns: [
    { id: "name", header: "Name", accessorKey: "name" },
    { id: "discount", header: "Discount", cell: ({ row }) => <Discount coupon={row.original} /> },
    { id: "duration", header: "Duration", accessorFn: couponDurationText },
    redemptionsColumn<Coupon>(),
    activeStatusColumn<Coupon>(),
    actionsColumn((coupon) => (
      <span className="flex flex-wrap items-center gap-3">
        <SeeRedemptions couponId={coupon.id} couponName={coupon.name} />
        <Deactivate
          what="coupon"
          record={coupon}
          consequence={`“${coupon.name}” and its promotion codes can no longer be redeemed; discounts already running continue.`}
        />
      </span>
    )),
  ],
  empty: "No coupons yet. Create the first one with the form below.",
};

export function CouponTable() {
  return <ListTable {...couponTable} />;
}
