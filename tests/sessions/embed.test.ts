// The embeddable checkout's browser side: /embed/v1.js (tiny, no framework), the widget page
// /embed/checkout/<token> (its HTML shell, nonce and frame-ancestors), the widget page's own calls to the
// public routes (same origin as the service, not one of the seller's origins), and the card form's state
// poll, which tells a declined card's customer that the payment failed.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import * as cardForm from "@/app/api/pay/registrations/[token]/route";
import * as sessionRoute from "@/app/api/public/checkout-sessions/[token]/route";
import { embedCheckoutPage } from "@/server/http/embed";
import { seed } from "@/tests/helpers";
import {
  createChannel,
  createSession,
  DECLINED,
  expectStatus,
  freshRef,
  GOOD,
  SHOP,
  submitCard,
  widget,
} from "./_widget";

beforeAll(() => seed());

const cardState = async (token: string) => {
  const res = await cardForm.GET(new Request(`http://127.0.0.1:9/api/pay/registrations/${token}/`), {
    params: Promise.resolve({ token }),
  });
  return { status: res.status, body: await res.json() };
};

describe("/embed/v1.js", () => {
  it("is under 10 KB gzip-compressed, plain script, and exposes SubscriptionCheckout.mount", () => {
    const source = readFileSync("public/embed/v1.js");
    expect(gzipSync(source).length).toBeLessThan(10 * 1024);
    const text = source.toString("utf8");
    expect(text).not.toMatch(/^\s*(import|export)\s/m);
    expect(text).toContain("window.SubscriptionCheckout");
    expect(text).toContain("event.origin !== appOrigin");
    // the page script it frames stays small too
    expect(gzipSync(readFileSync("public/embed/checkout-app.js")).length).toBeLessThan(10 * 1024);
  });
});

describe("/embed/checkout/<token>", () => {
  it("serves the page shell: token, allowed origins, its script under the CSP nonce, the logo's origin for images", async () => {
    const channel = await createChannel();
    const s = await createSession({ sales_channel: channel.id });
    const res = await embedCheckoutPage(new Request(`http://localhost/embed/checkout/${s.token}`), s.token);
    expect(res.status).toBe(200);
    const html = await res.text();
    const csp = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(html).toContain(`<script nonce="${nonce}" src="/embed/checkout-app.js`);
    expect(html).toContain(`data-token="${s.token}"`);
    expect(html).toContain('data-allowed-origins="[&quot;https://shop.example.com&quot;');
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/shop\.example\.com;/);
    expect(csp).toContain("frame-ancestors https://shop.example.com http://localhost:5173");
  });
});

describe("the widget page's own calls", () => {
  it("the service's own origin is allowed (Origin header, or Sec-Fetch-Site: same-origin on a GET without one)", async () => {
    const channel = await createChannel();
    const s = await createSession({ sales_channel: channel.id });
    const call = (headers: Record<string, string>) =>
      sessionRoute.GET(new Request(`http://127.0.0.1:3000/api/public/checkout-sessions/${s.token}/`, { headers }), {
        params: Promise.resolve({ token: s.token }),
      });
    expect((await call({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" })).status).toBe(200);
    expect((await call({ host: "127.0.0.1:3000", "sec-fetch-site": "same-origin" })).status).toBe(200);
    // another site's script gets no pass: cross-site without an allowed Origin stays 403
    expect((await call({ host: "127.0.0.1:3000", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await call({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3001" })).status).toBe(403);
  });
});

describe("the card form's state", () => {
  it("a declined card: saved, then after finalize the state says the payment failed, with the reason", async () => {
    const channel = await createChannel();
    const s = await createSession({ sales_channel: channel.id });
    const co = expectStatus(await widget.checkout(s.token, { customer: { reference: freshRef() } }), 200);
    expect(await cardState(co.registration.token)).toEqual({
      status: 200,
      body: { status: "pending", expired: false, checkout_status: "pending", fail_message: null },
    });
    expect((await submitCard(co.registration.token, DECLINED)).status).toBe(200);
    expect((await cardState(co.registration.token)).body).toMatchObject({
      status: "verified",
      checkout_status: "pending",
    });
    expect((await widget.finalize(s.token)).status).toBe(400);
    expect((await cardState(co.registration.token)).body).toEqual({
      status: "verified",
      expired: false,
      checkout_status: "failed",
      fail_message: "The card was declined.",
    });
    // another card on a new checkout succeeds
    const co2 = expectStatus(await widget.checkout(s.token, {}, SHOP), 200);
    expect((await submitCard(co2.registration.token, GOOD)).status).toBe(200);
    expect(expectStatus(await widget.finalize(s.token), 200)).toMatchObject({ status: "succeeded" });
    expect((await cardState(co2.registration.token)).body.checkout_status).toBe("succeeded");
  });

  it("an unknown registration token is a 404", async () => {
    expect((await cardState("pmr_nope")).status).toBe(404);
  });
});
