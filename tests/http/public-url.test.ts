// Absolute URLs (subscriber_page, hosted_url, widget URLs, pagination links) are built on the configured
// public URL (APP_URL, PUBLIC_URL, NEXTAUTH_URL), else on the origin the request itself came to — never a
// hard-wired localhost.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Env, parseConfig } from "@/server/config";
import {
  configuredOrigin as configuredOriginOf,
  onOrigin,
  publicOrigin as publicOriginOf,
  requestOrigin,
} from "@/server/publicUrl";
import { setEnv } from "@/tests/env";
import { get, post, seed } from "@/tests/helpers";
import { channelBody } from "@/tests/sessions/_widget";

let restore: () => void;
beforeEach(() => {
  restore = setEnv({
    APP_URL: undefined,
    PUBLIC_URL: undefined,
    NEXTAUTH_URL: undefined,
    NEXTAUTH_URL_DEFAULTED: undefined,
  });
});
afterEach(() => restore());
beforeAll(() => seed());

const publicOrigin = (r: Request, env: Env) => publicOriginOf(r, parseConfig(env));
const configuredOrigin = (env: Env) => configuredOriginOf(parseConfig(env));

const req = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("publicOrigin", () => {
  it("without a configured URL: the request's Host (and X-Forwarded-Proto), else its URL", () => {
    expect(publicOrigin(req("http://localhost:3000/x", { host: "127.0.0.1:4321" }), {})).toBe("http://127.0.0.1:4321");
    expect(publicOrigin(req("http://localhost:3000/x", { host: "[::1]:3000" }), {})).toBe("http://[::1]:3000");
    expect(
      publicOrigin(req("http://localhost:3000/x", { host: "billing.example.com", "x-forwarded-proto": "https" }), {}),
    ).toBe("https://billing.example.com");
    expect(publicOrigin(req("http://localhost:3000/x"), {})).toBe("http://localhost:3000");
    // a Host header that is not a host is ignored
    expect(requestOrigin(req("http://localhost:3000/x", { host: "evil.example/path?x" }))).toBe(
      "http://localhost:3000",
    );
  });

  it("a configured URL wins: APP_URL, then PUBLIC_URL, then NEXTAUTH_URL (origin only)", () => {
    const r = req("http://localhost:3000/x", { host: "127.0.0.1:4321" });
    expect(
      publicOrigin(r, { APP_URL: "https://pay.example.com/some/path", NEXTAUTH_URL: "http://localhost:3000" }),
    ).toBe("https://pay.example.com");
    expect(publicOrigin(r, { PUBLIC_URL: "https://public.example.com", NEXTAUTH_URL: "http://x.test" })).toBe(
      "https://public.example.com",
    );
    expect(publicOrigin(r, { NEXTAUTH_URL: "https://console.example.com/" })).toBe("https://console.example.com");
    expect(configuredOrigin({})).toBeNull();
    // a configured URL that is not one does not parse at all (the service refuses to start)
    expect(() => parseConfig({ APP_URL: "not a url" })).toThrow(/APP_URL: an http\(s\) URL is required/);
    // npm start's own default for next-auth is not a configured public URL
    expect(publicOrigin(r, { NEXTAUTH_URL: "http://localhost:3000", NEXTAUTH_URL_DEFAULTED: "1" })).toBe(
      "http://127.0.0.1:4321",
    );
    expect(onOrigin(new URL("http://localhost:3000/api/v2/x/?page=2"), "http://127.0.0.1:9").toString()).toBe(
      "http://127.0.0.1:9/api/v2/x/?page=2",
    );
  });
});

describe("links in API responses", () => {
  it("pagination links point at the host the request came to (127.0.0.1:PORT) when no public URL is configured", async () => {
    const r = await get("/v2/customers/?page_size=1", { headers: { host: "127.0.0.1:4321" } });
    expect(r.status).toBe(200);
    expect(r.body.next).toMatch(/^http:\/\/127\.0\.0\.1:4321\/api\/v2\/customers\/\?/);
  });

  it("a session's widget_url and widget_page_url: on the request's host, or on APP_URL when configured", async () => {
    const channel = (await post("/v2/sales-channels/", await channelBody())).body;
    const onHost = await post(
      "/v2/checkout-sessions/",
      { sales_channel: channel.id },
      { headers: { host: "127.0.0.1:4321" } },
    );
    expect(onHost.status).toBe(201);
    expect(onHost.body.widget_page_url).toBe(`http://127.0.0.1:4321/embed/checkout/${onHost.body.token}`);
    expect(onHost.body.widget_url).toBe(`http://127.0.0.1:4321/api/public/checkout-sessions/${onHost.body.token}/`);
    setEnv({ APP_URL: "https://pay.example.com" }); // restored after the test
    const configured = await post(
      "/v2/checkout-sessions/",
      { sales_channel: channel.id },
      { headers: { host: "127.0.0.1:4321" } },
    );
    expect(configured.body.widget_page_url).toBe(`https://pay.example.com/embed/checkout/${configured.body.token}`);
  });

  it("a contract's subscriber_page is on the request's host", async () => {
    const { ids } = await seed();
    const r = await post(
      "/v2/subscription-contracts/",
      { customer_reference: "cust-1001", items: [{ price: ids.basicMonthly }] },
      { headers: { host: "127.0.0.1:4321" } },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.subscriber_page).toMatch(/^http:\/\/127\.0\.0\.1:4321\/change_contract\//);
  });
});
