// The SDK's hand-written layer without the app: auth header, Idempotency-Key on POSTs (kept across
// retries), retries on 429/5xx/network errors, ApiError with field messages, pagination, webhooks.verify.
import { describe, expect, it } from "vitest";
import { ApiError, createClient, NetworkError, unwrap, WebhookSignatureError, webhooks } from "@/sdk/src/index";
import { signatureHeader } from "@/server/domain/webhooks/sign";

type Reply = Response | Error;
function scripted(replies: Reply[]) {
  const seen: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request);
    const next = replies.shift() ?? new Response("{}", { status: 200 });
    if (next instanceof Error) throw next;
    return next;
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
}
const json = (body: unknown, status = 200) => Response.json(body, { status });
const clientWith = (replies: Reply[]) => {
  const script = scripted(replies);
  const client = createClient({
    apiKey: "sk_test_x",
    baseUrl: "http://127.0.0.1:1/api/",
    fetch: script.fetch,
    retry: { baseDelayMs: 1, maxRetries: 2 },
  });
  return { client, seen: script.seen };
};

describe("client", () => {
  it("sends the API key and one Idempotency-Key per POST, reused by its retries after 503 and a network error", async () => {
    const { client, seen } = clientWith([json({}, 503), new TypeError("socket hang up"), json({ test_clock_at: "x" })]);
    await unwrap(client.POST("/v2/test-clock/advance/", { body: { seconds: 1 } }));
    expect(seen).toHaveLength(3);
    expect(seen[0].url).toBe("http://127.0.0.1:1/api/v2/test-clock/advance/");
    expect(seen.map((r) => r.headers.get("authorization"))).toEqual(Array(3).fill("Api-Key sk_test_x"));
    const keys = new Set(seen.map((r) => r.headers.get("idempotency-key")));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await seen[2].json()).toEqual({ seconds: 1 });
  });

  it("GETs carry no Idempotency-Key; 429 is retried; a 400 is not, and throws ApiError with the field messages", async () => {
    const { client, seen } = clientWith([json({}, 429), json({ items: ["Unknown price."], code: "x" }, 400)]);
    const error = await unwrap(client.GET("/v2/catalog/prices/")).catch((e) => e);
    expect(seen).toHaveLength(2);
    expect(seen[0].headers.has("idempotency-key")).toBe(false);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "x", fieldErrors: { items: ["Unknown price."] } });
    expect(error.messagesFor("items")).toEqual(["Unknown price."]);
  });

  it("gives up after the retries: the last answer or a NetworkError", async () => {
    const answered = clientWith([json({}, 500), json({}, 502), json({ detail: "down" }, 503)]);
    await expect(unwrap(answered.client.GET("/v2/catalog/prices/"))).rejects.toMatchObject({ status: 503 });
    const silent = clientWith([new TypeError("a"), new TypeError("b"), new TypeError("c")]);
    await expect(unwrap(silent.client.GET("/v2/catalog/prices/"))).rejects.toBeInstanceOf(NetworkError);
  });

  it("paginate follows next until null", async () => {
    const next = "http://127.0.0.1:1/api/v2/billing-runs/?page_size=2&page=2&state=failed";
    const { client, seen } = clientWith([
      json({ count: 3, next, previous: null, results: [{ id: 1 }, { id: 2 }] }),
      json({ count: 3, next: null, previous: "p", results: [{ id: 3 }] }),
    ]);
    const ids: number[] = [];
    // page_size and ids are numbers, as the document types them (a string would fail tsc)
    const query = { state: "failed", page_size: 2, customer: 7 } as const;
    for await (const run of client.paginate("/v2/billing-runs/", { query })) ids.push(run.id);
    expect(ids).toEqual([1, 2, 3]);
    expect(new URL(seen[0].url).searchParams.get("page_size")).toBe("2");
    expect(new URL(seen[0].url).searchParams.get("customer")).toBe("7");
    expect(new URL(seen[1].url).searchParams.get("page")).toBe("2");
    expect(new URL(seen[1].url).searchParams.get("state")).toBe("failed");
  });
});

describe("webhooks.verify", () => {
  const secret = "whsec_test";
  const body = JSON.stringify({ id: "evt_1", type: "billing_run.succeeded", created_at: "x", data: {} });
  const now = 1_767_225_600;

  it("accepts the service's signature (string or bytes) and returns the event", () => {
    const header = signatureHeader(secret, now, body);
    expect(webhooks.verify(body, header, secret, 300, now).id).toBe("evt_1");
    expect(webhooks.verify(new TextEncoder().encode(body), header, secret, 300, now + 299).type).toBe(
      "billing_run.succeeded",
    );
  });

  it("refuses a wrong secret, a changed body, an old timestamp and a missing header", () => {
    const header = signatureHeader(secret, now, body);
    expect(() => webhooks.verify(body, header, "whsec_other", 300, now)).toThrow(WebhookSignatureError);
    expect(() => webhooks.verify(`${body} `, header, secret, 300, now)).toThrow(WebhookSignatureError);
    expect(() => webhooks.verify(body, header, secret, 300, now + 301)).toThrow(/tolerance/);
    expect(() => webhooks.verify(body, undefined, secret)).toThrow(/Missing/);
    expect(() => webhooks.verify(body, "v1=abc", secret)).toThrow(/Malformed/);
  });
});
