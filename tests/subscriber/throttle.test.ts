// The subscriber pages' wrong-token throttle: keyed on the client address the app server
// derived from the socket (x-client-address), never on X-Forwarded-For, so 20 wrong tokens "from" a victim's
// address lock out only the sender; a throttled client gets 429 with Retry-After from the action route
// ({"detail": …}) and from the pages themselves (proxy.ts answers before the page renders).
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { MAX_WRONG_TOKENS, TOKEN_WINDOW_MS } from "@/server/auth/subscriberThrottle";
import { csrfTokenFor } from "@/server/domain/selfService/access";
import type { SeedResult } from "@/server/seed/demo";
import { at, MAR20, seedFixed } from "@/tests/contracts/_fixtures";
import { useSeed } from "@/tests/helpers";
import { act, familyContract } from "./_setup";

let ids: SeedResult["ids"];
useSeed(seedFixed, (r) => (ids = r.ids));
let token: string;
let csrf: string;
beforeAll(async () => {
  token = (await familyContract(ids)).token;
  csrf = await csrfTokenFor(token);
});

const page = (path: string, address: string, extra: Record<string, string> = {}) =>
  proxy(new NextRequest(`http://test.local${path}`, { headers: { "x-client-address": address, ...extra } }));

async function wrongTokensFrom(address: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < MAX_WRONG_TOKENS; i++) {
    const r = await POSTwithHeaders(`wrong-${address}-${i}`.padEnd(32, "x"), address, headers);
    expect(r.status).toBe(404);
  }
}

/** The action route with extra request headers (X-Forwarded-For written by the client). */
async function POSTwithHeaders(t: string, address: string, headers: Record<string, string>) {
  const { POST } = await import("@/app/api/subscriber/[token]/route");
  const res = await POST(
    new Request(`http://test.local/api/subscriber/${t}/`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        host: "test.local",
        origin: "http://test.local",
        "x-client-address": address,
        ...headers,
      },
      body: JSON.stringify({ action: "cancel" }),
    }),
    { params: Promise.resolve({ token: t }) },
  );
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe("wrong subscriber tokens", () => {
  it("20 wrong tokens → the sender's every subscriber request is a 429 with Retry-After, the right token included", async () => {
    at(MAR20);
    const sender = "192.0.2.10";
    await wrongTokensFrom(sender);
    const r = await POSTwithHeaders(token, sender, { "x-csrf-token": csrf });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ detail: "Too many attempts; try again later." });
    const wait = Number(r.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(TOKEN_WINDOW_MS / 1000 - 60);
    expect(wait).toBeLessThanOrEqual(TOKEN_WINDOW_MS / 1000);

    // the page itself: 429, not a 200 saying "Too many attempts", with the page family's headers
    const refused = await page(`/change_contract/${token}/`, sender);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await refused.text()).toContain("Too many attempts");
    expect(refused.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect((await page(`/change_contract/${token}/receipts/1/`, sender)).status).toBe(429);
    // another client is not affected
    expect((await page(`/change_contract/${token}/`, "192.0.2.11")).status).toBe(200);
    expect((await act(token, { action: "undo_cancel" }, { address: "192.0.2.11", csrf })).status).not.toBe(429);
  });

  it("wrong tokens sent with a victim's address in X-Forwarded-For lock out the sender, not the victim", async () => {
    at(MAR20);
    const victim = "198.51.100.20";
    const attacker = "192.0.2.20";
    await wrongTokensFrom(attacker, { "x-forwarded-for": victim, "x-real-ip": victim });
    expect((await page(`/change_contract/${token}/`, victim)).status).toBe(200);
    expect((await page(`/change_contract/${token}/`, attacker)).status).toBe(429);
    // nor can the attacker unlock itself by naming another address
    expect(
      (await POSTwithHeaders(token, attacker, { "x-csrf-token": csrf, "x-forwarded-for": "203.0.113.1" })).status,
    ).toBe(429);
  });
});
