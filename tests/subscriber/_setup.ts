// Shared set-up of the subscriber page tests: a Family Bundle contract (Basic streaming, 9.9000 EUR
// + 24 % VAT) from T0, and calls of the subscriber page's action route as a browser on its page would.
import { POST } from "@/app/api/subscriber/[token]/route";
import { createContract, expectStatus, T0 } from "@/tests/contracts/_fixtures";
import { db, patch } from "@/tests/helpers";

export const ORIGIN = "http://test.local";

export async function familyContract(ids: Record<string, number>, when: string = T0) {
  const c = await createContract({ bundle_template: ids.family }, when);
  const row = await db().subscriptionContract.findUniqueOrThrow({ where: { id: c.id } });
  return { id: c.id as number, token: row.subscriberToken, contract: c };
}

export interface ActOptions {
  csrf?: string | null;
  origin?: string | null;
  address?: string;
}

/** POST /api/subscriber/<token>/ with the page's headers (same origin, CSRF token) unless told otherwise. */
export async function act(token: string, body: unknown, o: ActOptions = {}) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    host: "test.local",
    "x-client-address": o.address ?? "10.0.0.1",
  };
  if (o.origin !== null) headers.origin = o.origin ?? ORIGIN;
  if (o.csrf) headers["x-csrf-token"] = o.csrf;
  const res = await POST(
    new Request(`${ORIGIN}/api/subscriber/${token}/`, { method: "POST", headers, body: JSON.stringify(body) }),
    { params: Promise.resolve({ token }) },
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function setPolicy(body: Record<string, unknown>) {
  return expectStatus(await patch("/v2/self-service-policy/", body), 200);
}
