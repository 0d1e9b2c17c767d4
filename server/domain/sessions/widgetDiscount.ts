// The widget's "Apply" of a promotion code: the session's offer priced now with the code, by the same
// resolve + priceWithDiscount as quotes and checkouts (nothing is redeemed: that happens once, when the
// checkout's finalize creates the contract). Coupon ids are the seller's: the public side takes codes only.

import type { Ctx } from "@/server/domain/context";
import { resolveDiscount } from "@/server/domain/coupons/apply";
import { quoteWithDiscount } from "@/server/domain/quotes/discounted";
import type { WidgetQuoteInput } from "@/server/schemas/sessions";
import { type SessionRow, sessionCheckout, settleSession, snapshotOf } from "./sessions";
import { assertOpen, compileNow } from "./widget";

export async function widgetQuote(ctx: Ctx, row: SessionRow, input: WidgetQuoteInput) {
  const session = await settleSession(ctx, row, await sessionCheckout(ctx, row));
  await assertOpen(ctx, session);
  const { compiled } = await compileNow(ctx, snapshotOf(session));
  const discount = await resolveDiscount(
    ctx,
    ctx.db,
    { promotion_code: input.promotion_code },
    compiled.offer.currency,
  );
  return { offer: quoteWithDiscount(compiled, discount, {}).quote };
}
