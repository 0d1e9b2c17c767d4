// A fetch that retries what is safe to retry: 429, 5xx and network errors, with exponential backoff
// and jitter, honouring Retry-After. POSTs are safe because the client always sends an Idempotency-Key.

export interface RetryOptions {
  /** Further attempts after the first (default 3). */
  maxRetries?: number;
  /** First backoff in milliseconds, doubled each retry (default 500). */
  baseDelayMs?: number;
  /** Upper bound of one wait (default 10 s). */
  maxDelayMs?: number;
}

const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function delayFor(attempt: number, options: Required<RetryOptions>, response?: Response): number {
  const retryAfter = Number(response?.headers.get("retry-after"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(retryAfter * 1000, options.maxDelayMs);
  const exponential = options.baseDelayMs * 2 ** attempt;
  return Math.min(exponential / 2 + Math.random() * (exponential / 2), options.maxDelayMs);
}

export function retryingFetch(inner: typeof fetch, retry: RetryOptions = {}): typeof fetch {
  const options = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 10_000, ...retry };
  return async (input, init) => {
    const original = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= options.maxRetries;
      try {
        const response = await inner(original.clone());
        if (last || !RETRY_STATUSES.has(response.status)) return response;
        await sleep(delayFor(attempt, options, response));
      } catch (error) {
        if (last || original.signal.aborted) throw error;
        await sleep(delayFor(attempt, options));
      }
    }
  };
}
