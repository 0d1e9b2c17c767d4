// Retry schedule of failed payments (dunning): attempts 2, 3 and 4 come 1, 3 and 5 days after the
// previous failure; a fourth failure exhausts the run. Manual retries may follow (POST .../retry/).
const DAY = 86_400_000;
export const RETRY_DELAYS_MS = [1 * DAY, 3 * DAY, 5 * DAY];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export function nextAttemptAfter(failedAt: Date, attemptNo: number): Date | null {
  const delay = RETRY_DELAYS_MS[attemptNo - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
