// Shared set-up of the embedded checkout session tests (spec 4.8): channels through the REST endpoints,
// sessions, and in-process calls of the widget's public routes and the hosted card form.
import { expect } from "vitest";
import * as cardForm from "@/app/api/pay/registrations/[token]/route";
import * as checkoutRoute from "@/app/api/public/checkout-sessions/[token]/checkout/route";
import * as finalizeRoute from "@/app/api/public/checkout-sessions/[token]/finalize/route";
import * as sessionRoute from "@/app/api/public/checkout-sessions/[token]/route";
import * as shippingRoute from "@/app/api/public/checkout-sessions/[token]/shipping-options/route";
import { type ApiResponse, post, seed } from "@/tests/helpers";

export const OTHER_KEY = "sk_test_other_secret";
export const PUBLIC_KEY = "pk_test_demo_public";
export const SHOP = "https://shop.example.com";
export const DEV = "http://localhost:5173";
export const EVIL = "https://evil.example.net";
export const GOOD = "4242424242424242";
export const DECLINED = "4000000000000002";
export const MIN = 60_000;

export function expectStatus(r: { status: number; body: any }, status: number) {
  expect(r.status, `HTTP ${r.status}: ${JSON.stringify(r.body)}`).toBe(status);
  return r.body;
}

export { expect400 } from "@/tests/api/_util";

/** A channel body over the demo catalog: Streaming Basic monthly (EUR) through the sandbox card form. */
export async function channelBody(overrides: Record<string, unknown> = {}) {
  const { ids } = await seed();
  return {
    name: "Web shop",
    offer: { items: [{ price: ids.basicMonthly, quantity: 1 }], metadata: { from: "offer" } },
    allowed_origins: [SHOP, DEV],
    processor_ids: [ids.cardProcessor],
    metadata: { channel: "web" },
    theme: { colors: { primary: "#0055ff", background: "white" }, logo_url: "https://shop.example.com/logo.svg" },
    terms: { url: "https://shop.example.com/terms", version: "2026-01", text: "Cancel any time." },
    ...overrides,
  };
}

export async function createChannel(overrides: Record<string, unknown> = {}) {
  return expectStatus(await post("/v2/sales-channels/", await channelBody(overrides)), 201);
}

export async function createSession(body: Record<string, unknown>) {
  return expectStatus(await post("/v2/checkout-sessions/", body), 201);
}

export interface WidgetResponse {
  status: number;
  body: any;
  headers: Headers;
}

async function call(
  handler: (req: Request, ctx: { params: Promise<{ token: string }> }) => Promise<Response>,
  method: string,
  path: string,
  token: string,
  origin: string | null,
  body?: unknown,
): Promise<WidgetResponse> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (origin !== null) headers.origin = origin;
  const req = new Request(`http://test.local/api/public/checkout-sessions/${token}/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const res = await handler(req, { params: Promise.resolve({ token }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

export const widget = {
  get: (token: string, origin: string | null = SHOP) => call(sessionRoute.GET, "GET", "", token, origin),
  shippingOptions: (token: string, origin: string | null = SHOP) =>
    call(shippingRoute.GET, "GET", "shipping-options/", token, origin),
  checkout: (token: string, body: unknown = {}, origin: string | null = SHOP) =>
    call(checkoutRoute.POST, "POST", "checkout/", token, origin, body),
  finalize: (token: string, origin: string | null = SHOP) =>
    call(finalizeRoute.POST, "POST", "finalize/", token, origin, {}),
  preflight: (route: "session" | "checkout" | "finalize", token: string, origin: string | null = SHOP) =>
    call(
      { session: sessionRoute, checkout: checkoutRoute, finalize: finalizeRoute }[route].OPTIONS,
      "OPTIONS",
      route === "session" ? "" : `${route}/`,
      token,
      origin,
    ),
};

/** The hosted card form's submission (POST /api/pay/registrations/<token>/, no API key). */
export async function submitCard(registrationToken: string, number = GOOD): Promise<ApiResponse> {
  const req = new Request(`http://127.0.0.1:9/api/pay/registrations/${registrationToken}/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ card: { number, exp_month: 12, exp_year: 2030 } }),
  });
  const res = await cardForm.POST(req, { params: Promise.resolve({ token: registrationToken }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

let n = 0;
/** A reference no customer has yet. */
export const freshRef = (prefix = "widget") => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++n}`;
