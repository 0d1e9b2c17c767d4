// Security headers: the page families' policies, the proxy that applies them, the JSON
// API's static headers in next.config.mjs, and the embeddable widget's per-session frame-ancestors.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy, config as proxyConfig } from "@/proxy";
import { embedCheckoutPage } from "@/server/http/embed";
import {
  frameAncestors,
  newNonce,
  pageCsp,
  pageFamily,
  pageHeaders,
  servedOverHttps,
  widgetCsp,
} from "@/server/http/securityHeaders";
import { createChannel, createSession, DEV, SHOP } from "@/tests/sessions/_widget";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.split(" ")[0] === name);

describe("page families", () => {
  it.each([
    ["/admin", "console"],
    ["/admin/api-keys", "console"],
    ["/login", "console"],
    ["/change_contract/abc/", "subscriber"],
    ["/pay/registrations/tok", "card-form"],
    ["/docs/api", "docs"],
    ["/embed/checkout/tok", "widget"],
    ["/", "site"],
    ["/administrator", "site"],
  ])("%s → %s", (p, family) => expect(pageFamily(p)).toBe(family));
});

describe("page policies", () => {
  const nonce = "bm9uY2Utbm9uY2Utbm9uY2U=";

  it("scripts need the request's nonce: no inline or eval in production; nothing may frame", () => {
    for (const family of ["console", "subscriber", "card-form", "docs", "site"] as const) {
      const csp = pageCsp(family, { nonce });
      expect(directive(csp, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
      expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
      expect(directive(csp, "object-src")).toBe("object-src 'none'");
      expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
      expect(directive(csp, "default-src")).toBe("default-src 'self'");
      expect(csp).not.toContain("upgrade-insecure-requests");
    }
    expect(pageCsp("console", { nonce, dev: true })).toContain("'unsafe-eval'");
    expect(pageCsp("console", { nonce, https: true })).toContain("upgrade-insecure-requests");
  });

  it("the card form refuses native form submission (the card number would land in the URL)", () => {
    expect(directive(pageCsp("card-form", { nonce }), "form-action")).toBe("form-action 'none'");
    expect(directive(pageCsp("console", { nonce }), "form-action")).toBe("form-action 'self'");
  });

  it("the widget may be framed only by its session's origins; a bad origin cannot add directives", () => {
    const csp = widgetCsp([SHOP, DEV], { nonce });
    expect(directive(csp, "frame-ancestors")).toBe(`frame-ancestors ${SHOP} ${DEV}`);
    expect(directive(widgetCsp([], { nonce }), "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(
      frameAncestors(["https://a.example; script-src *", "javascript:alert(1)", "*", "https://ok.example:8443"]),
    ).toBe("https://ok.example:8443");
    expect(frameAncestors(["https://x.example", "https://x.example"])).toBe("https://x.example");
  });

  it("headers: X-Frame-Options DENY except the widget, no-store on token and console pages, HSTS only over HTTPS", () => {
    const console_ = pageHeaders("console", "csp", false);
    expect(console_).toMatchObject({
      "content-security-policy": "csp",
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
      "cache-control": "no-store",
    });
    expect(console_["strict-transport-security"]).toBeUndefined();
    expect(pageHeaders("card-form", "csp", true)["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(pageHeaders("subscriber", "csp", false)["cache-control"]).toBe("no-store");
    expect(pageHeaders("docs", "csp", false)["cache-control"]).toBeUndefined();
    expect(pageHeaders("widget", "csp", false)["x-frame-options"]).toBeUndefined();
  });

  it("HTTPS is the URL's scheme or the TLS proxy's x-forwarded-proto", () => {
    expect(servedOverHttps("https://h/x", new Headers())).toBe(true);
    expect(servedOverHttps("http://h/x", new Headers({ "x-forwarded-proto": "https" }))).toBe(true);
    expect(servedOverHttps("http://h/x", new Headers({ "x-forwarded-proto": "HTTPS, http" }))).toBe(true);
    expect(servedOverHttps("http://h/x", new Headers({ "x-forwarded-proto": "http" }))).toBe(false);
    expect(servedOverHttps("http://h/x", new Headers())).toBe(false);
  });

  it("nonces are 128 random bits, fresh each time", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });
});

describe("proxy.ts", () => {
  it("puts the same fresh nonce policy on the request (for Next.js) and the response", async () => {
    const res = await proxy(new NextRequest("http://localhost/admin/products"));
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const again = (await proxy(new NextRequest("http://localhost/admin/products"))).headers.get(
      "content-security-policy",
    );
    expect(again).not.toBe(csp);
    const https = await proxy(
      new NextRequest("http://localhost/docs/api", { headers: { "x-forwarded-proto": "https" } }),
    );
    expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it.each([
    ["/admin", true],
    ["/login", true],
    ["/docs/api", true],
    ["/", true],
    ["/pay/registrations/t", true],
    ["/change_contract/t/", true],
    ["/api/v2/customers/", false],
    ["/api", false],
    ["/api/trpc/x", false],
    ["/_next/static/chunks/a.js", false],
    ["/embed/checkout/t", false],
  ])("matches %s: %s", (url, matches) => {
    expect(unstable_doesMiddlewareMatch({ config: proxyConfig as any, url })).toBe(matches);
  });
});

describe("next.config.mjs: the JSON API", () => {
  const load = async () => (await import(pathToFileURL(path.resolve("next.config.mjs")).href)).default;

  it.each([
    "/api/v2/customers/",
    "/api/trpc/apiKeys.create",
    "/api/public/checkout-sessions/t/",
    "/api/v2/checkouts/t/",
  ])("%s: no framing, sniffing or caching", async (p) => {
    const res = await unstable_getResponseFromNextConfig({ url: `http://localhost${p}`, nextConfig: await load() });
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("HSTS when the TLS proxy says https, on API and pages; never on plain HTTP", async () => {
    const nextConfig = await load();
    for (const p of ["/api/v2/customers/", "/admin"]) {
      const https = await unstable_getResponseFromNextConfig({
        url: `http://localhost${p}`,
        nextConfig,
        headers: { "x-forwarded-proto": "https" },
      });
      expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const http = await unstable_getResponseFromNextConfig({
        url: `http://localhost${p}`,
        nextConfig,
        headers: { "x-forwarded-proto": "http" },
      });
      expect(http.headers.get("strict-transport-security")).toBeNull();
    }
  });
});

describe("/embed/checkout/<session token>", () => {
  it("answers with frame-ancestors from the session's allowed origins, uncached and unframeable by others", async () => {
    const channel = await createChannel();
    const session = await createSession({ sales_channel: channel.id });
    const res = await embedCheckoutPage(new Request(`http://localhost/embed/checkout/${session.token}`), session.token);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy")!;
    expect(directive(csp, "frame-ancestors")).toBe(`frame-ancestors ${SHOP} ${DEV}`);
    expect(res.headers.get("x-frame-options")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("an unknown token is a 404 that nothing may frame", async () => {
    const res = await embedCheckoutPage(new Request("http://localhost/embed/checkout/nope"), "nope");
    expect(res.status).toBe(404);
    expect(directive(res.headers.get("content-security-policy")!, "frame-ancestors")).toBe("frame-ancestors 'none'");
  });
});
