// Shared set-up of the customer portal tests: portal sessions through the API, and the browser's first visit
// of a portal link (GET /portal/<token>) with the session cookie it sets.
import { GET as openLink } from "@/app/portal/[token]/route";
import { expectStatus } from "@/tests/contracts/_fixtures";
import { post } from "@/tests/helpers";

export const ORIGIN = "http://test.local";

export async function portalSession(customer_reference = "cust-1001", return_url?: string) {
  return expectStatus(await post("/v2/portal-sessions/", { customer_reference, return_url }), 201);
}

/** The first visit of a portal URL; `cookie` is the portal session cookie's value when the link opened it. */
export async function visit(url: string, address = "10.0.0.7") {
  const token = new URL(url).pathname.split("/").at(-1) ?? "";
  const res = await openLink(
    new Request(`${ORIGIN}/portal/${token}`, { headers: { host: "test.local", "x-client-address": address } }),
    { params: Promise.resolve({ token }) },
  );
  const setCookie = res.headers.get("set-cookie") ?? "";
  const cookie = /^portal_session=([^;]+)/.exec(setCookie)?.[1] ?? null;
  return { status: res.status, setCookie, cookie, location: res.headers.get("location"), text: await res.text() };
}

/** A portal action as the portal page sends it: same origin, the session cookie and its CSRF token. */
export async function portalAct(
  path: "" | `contracts/${number}/`,
  cookie: string | null,
  body: unknown,
  o: { csrf?: string | null; origin?: string } = {},
) {
  const { POST: customerRoute } = await import("@/app/portal/api/route");
  const { POST: contractRoute } = await import("@/app/portal/api/contracts/[contractId]/route");
  const { portalCsrf } = await import("@/server/domain/portal/sessions");
  const headers: Record<string, string> = {
    "content-type": "application/json",
    host: "test.local",
    origin: o.origin ?? ORIGIN,
    "x-client-address": "10.0.0.9",
  };
  if (cookie) headers.cookie = `other=1; portal_session=${cookie}`;
  const sessionId = Number(cookie?.split(".")[0]);
  const csrf = o.csrf === undefined ? (cookie ? await portalCsrf(sessionId) : null) : o.csrf;
  if (csrf) headers["x-csrf-token"] = csrf;
  const req = new Request(`${ORIGIN}/portal/api/${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const contractId = /contracts\/(\d+)\//.exec(path)?.[1];
  const res = contractId
    ? await contractRoute(req, { params: Promise.resolve({ contractId }) })
    : await customerRoute(req, { params: Promise.resolve({}) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A new customer with a portal session opened: its reference and cookie. */
export async function signedInCustomer(reference: string) {
  const s = await portalSession(reference);
  const opened = await visit(s.url);
  if (!opened.cookie) throw new Error(`portal link did not open: ${opened.status}`);
  return opened.cookie;
}
