import { CardsPage } from "@/components/admin/CardsPage";
import { CouponForm } from "@/components/admin/coupons/CouponForm";
import { CouponTable } from "@/components/admin/coupons/CouponTable";
import { PromotionCodeForm, PromotionCodeTable } from "@/components/admin/coupons/PromotionCodes";

export default function CouponsPage() {
  return (
    <CardsPage
      title="Coupons"
      cards={{
        "All coupons": <CouponTable />,
        "New coupon": <CouponForm />,
        "Promotion codes": <PromotionCodeTable />,
        "New promotion code": <PromotionCodeForm />,
      }}
    >
      Discounts for quotes, checkouts and contracts, and the promotion codes customers redeem them with.
    </CardsPage>
  );
}
