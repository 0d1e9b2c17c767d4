// What falls due by an account's calendar besides its billing runs, on the worker's tick and when a test
// clock moves: the dunning and renewal notices, the closing of checkouts whose first payment was never made,
// and processor refunds committed but never sent (a crash between their commit and the processor call).
import { closeExpiredUnpaidCheckouts } from "@/server/domain/checkouts/unpaid";
import type { Ctx } from "@/server/domain/context";
import { emitDueNotices } from "@/server/domain/notices/tick";
import { sendUnsentRefunds } from "@/server/domain/refunds/refunds";

export async function calendarPass(ctx: Ctx): Promise<void> {
  await emitDueNotices(ctx);
  await closeExpiredUnpaidCheckouts(ctx);
  await sendUnsentRefunds(ctx);
}
