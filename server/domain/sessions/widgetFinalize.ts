// Embedded checkout sessions, widget side: POST finalize/ — finalizes the session's checkout and, when it
// succeeded, completes the session; a failed payment answers with the outcome only, not the private checkout.

import { finalizeCheckout } from "@/server/domain/checkouts/finalize";
import type { Ctx } from "@/server/domain/context";
import { DomainError, invalid, isDomainError } from "@/server/domain/errors";
import type { CheckoutOut } from "@/server/schemas/payments";
import { type SessionRow, sessionCheckout, settleSession } from "./sessions";
import { assertOpen } from "./widget";

const outcome = (
  checkout: Pick<CheckoutOut, "token" | "status" | "contract_id" | "initial_billing_run_id">,
  sessionStatus: string,
) => ({
  status: checkout.status,
  contract_id: checkout.contract_id,
  initial_billing_run_id: checkout.initial_billing_run_id,
  checkout_token: checkout.token,
  session_status: sessionStatus,
});

/** POST finalize: finalizes the session's checkout; a succeeded checkout completes the session. */
export async function widgetFinalize(ctx: Ctx, row: SessionRow) {
  const checkout = await sessionCheckout(ctx, row);
  const session = await settleSession(ctx, row, checkout);
  if (session.status === "completed" && checkout) {
    return outcome(
      {
        token: checkout.token,
        status: checkout.status as CheckoutOut["status"],
        contract_id: checkout.contractId,
        initial_billing_run_id: checkout.initialBillingRunId,
      },
      "completed",
    );
  }
  await assertOpen(ctx, session);
  if (!checkout)
    throw invalid("non_field_errors", "The session has no checkout yet: create it first (POST .../checkout/).");
  let view: CheckoutOut;
  try {
    view = await finalizeCheckout(ctx, checkout.token);
  } catch (error) {
    // a failed payment: tell the widget the outcome, not the whole private checkout
    if (isDomainError(error) && error.extra) {
      const extra = error.extra as Partial<CheckoutOut>;
      throw new DomainError("validation", error.message, error.fields, error.code, {
        status: extra.status ?? "failed",
        contract_id: extra.contract_id ?? null,
        fail_code: extra.fail_code ?? null,
        fail_message: extra.fail_message ?? null,
        checkout_token: checkout.token,
      });
    }
    throw error;
  }
  let status = "open";
  if (view.status === "succeeded") {
    await ctx.db.checkoutSession.updateMany({
      where: { id: session.id, status: "open" },
      data: { status: "completed", updatedAt: ctx.clock.now() },
    });
    status = "completed";
  }
  return outcome(view, status);
}
