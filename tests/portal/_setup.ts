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
