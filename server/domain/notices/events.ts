// Payloads of the dunning notices (extension events): what a seller needs to e-mail its customer.
import { fmt4 } from "@/server/domain/money";
import { iso } from "@/server/domain/time";

/** billing_run.payment_failed: the run summary, why the attempt failed and when the next one comes. */
export function paymentFailedData(
  summary: Record<string, unknown>,
  result: { failCode: string; failMessage: string },
  attempt: { no: number; amount: string },
  nextRetryAt: Date | null,
) {
  return {
    ...summary,
    attempt_no: attempt.no,
    /** what the failed attempt asked for (four digits) */
    attempt_amount: fmt4(attempt.amount),
    fail_code: result.failCode,
    fail_message: result.failMessage,
    next_retry_at: nextRetryAt ? iso(nextRetryAt) : null,
  };
}
