import { CouponForm } from "@/components/admin/coupons/CouponForm";
import { CouponTable } from "@/components/admin/coupons/CouponTable";
import { PromotionCodeForm, PromotionCodeTable } from "@/components/admin/coupons/PromotionCodes";
import { PageHeader } from "@/components/admin/PageHeader";
import { Card } from "@/components/ui/Card";

export default function CouponsPage() {
  return (
    <>
      <PageHeader
        title="Coupons"
        description="Discounts for quotes, checkouts and contracts, and the promotion codes customers redeem them with."
      />
      <Card title="All coupons">
        <CouponTable />
      </Card>
      <Card title="New coupon">
        <CouponForm />
      </Card>
      <Card title="Promotion codes">
        <PromotionCodeTable />
      </Card>
      <Card title="New promotion code">
        <PromotionCodeForm />
      </Card>
    </>
  );
}
