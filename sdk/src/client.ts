// The typed client: openapi-fetch over the generated paths, plus API key auth, an Idempotency-Key on
// every POST, retries (retry.ts), ApiError on every non-2xx answer and list iteration (paginate.ts).
import createFetchClient, { type Middleware } from "openapi-fetch";
import { ApiError, apiErrorOf, NetworkError } from "./errors.js";
import type { paths } from "./generated/openapi.js";
import { type ItemOf, iteratePages, type ListPath, type ListPathParams, type ListQuery } from "./paginate.js";
import { type RetryOptions, retryingFetch } from "./retry.js";

export interface ClientOptions {
  /** Secret key (`sk_...`); sent as `Authorization: Api-Key <key>`. */
  apiKey: string;
  /** Origin plus `/api`, e.g. `https://billing.example.com/api`. */
  baseUrl: string;
  retry?: RetryOptions;
  /** Key for POSTs that were not given one (default: a random UUID per call, reused by its retries). */
  idempotencyKey?: () => string;
  /** A fetch of your own (proxies, tests); defaults to the global fetch. */
  fetch?: typeof fetch;
}

const authAndIdempotency = (apiKey: string, newKey: () => string): Middleware => ({
  onRequest({ request }) {
    request.headers.set("authorization", `Api-Key ${apiKey}`);
    if (request.method === "POST" && !request.headers.has("idempotency-key"))
      request.headers.set("idempotency-key", newKey());
    return request;
  },
  async onResponse({ response }) {
    if (!response.ok) throw await apiErrorOf(response);
    return undefined;
  },
  onError({ error }) {
    return error instanceof ApiError ? error : new NetworkError(error);
  },
});

/** The `data` of a call: non-2xx answers already threw an ApiError, so it is always there. */
export async function unwrap<Data>(call: Promise<{ data?: Data; error?: unknown }>): Promise<Data> {
  const { data } = await call;
  return data as Data;
}

export function createClient(options: ClientOptions) {
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ""),
    fetch: retryingFetch(baseFetch, options.retry),
  });
  client.use(authAndIdempotency(options.apiKey, options.idempotencyKey ?? (() => crypto.randomUUID())));

  /** Every element of a list, page after page: `for await (const c of client.paginate("/v2/subscription-contracts/"))`. */
  function paginate<P extends ListPath>(path: P, params: { query?: ListQuery<P>; path?: ListPathParams<P> } = {}) {
    const fetchPage = (query: Record<string, unknown>) =>
      // biome-ignore lint/suspicious/noExplicitAny: the path is one of the typed list paths; its params are checked by ListPath
      unwrap((client.GET as any)(path, { params: { ...params, query } }));
    return iteratePages<ItemOf<P>>(fetchPage, (params.query ?? {}) as Record<string, unknown>);
  }

  return Object.assign(client, { paginate });
}

export type SubscriptionClient = ReturnType<typeof createClient>;
