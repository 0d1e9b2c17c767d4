// The widget's shipping step (public; the session token is the capability): the account's shipping
// options a buyer may choose for the session's offer, priced for its total by the same rule the checkout
// records (checkouts/shipping.ts), and whether the checkout requires one.
import { shippingOptionsFor } from "@/server/domain/checkouts/shipping";
import type { Ctx } from "@/server/domain/context";
import { fmt4 } from "@/server/domain/money";
import { type SessionRow, sessionCheckout, settleSession, snapshotOf } from "./sessions";
import { assertOpen, compileNow } from "./widget";

/** GET shipping-options: 410 for an expired session, 400 for a completed one (nothing left to ship). */
export async function widgetShippingOptions(ctx: Ctx, row: SessionRow) {
  const session = await settleSession(ctx, row, await sessionCheckout(ctx, row));
  await assertOpen(ctx, session);
  const { compiled, priced } = await compileNow(ctx, snapshotOf(session));
  const total = priced.firstRun.total;
  const { shipping_required, options } = await shippingOptionsFor(ctx, compiled, total);
  return {
    shipping_required,
    currency: compiled.offer.currency,
    order_total_amount: fmt4(total),
    // spec 2.10: the shipping price is recorded with the order, not added to the payment
    charged_with_payment: false,
    options,
  };
}
