// Portal sessions (issue 33): a one-time link per session, its expiry on the account's clock, the session
// cookie it opens, and the rotation of a contract's subscriber page link.
import { describe, expect, it } from "vitest";
import { POST as signInLinkRoute } from "@/app/portal/sign-in-link/route";
import { fixedClock } from "@/server/clock";
import { hashToken, mailSignInLink, portalAccess } from "@/server/domain/portal/sessions";
import { csrfTokenFor } from "@/server/domain/selfService/access";
import { ExpiredLink, subscriberPageData } from "@/server/http/subscriber";
import type { SeedResult } from "@/server/seed/demo";
import { at, expectStatus, OTHER_KEY, seedFixed, T0 } from "@/tests/contracts/_fixtures";
import { ctxFor, db, post, useSeed } from "@/tests/helpers";
import { act, familyContract } from "@/tests/subscriber/_setup";
import { portalSession, visit } from "./_setup";

let ids: SeedResult["ids"];
let accountId: number;
useSeed(seedFixed, (r) => ((ids = r.ids), (accountId = r.accountId)));

const pageHeaders = () => new Headers({ host: "test.local", "x-client-address": "10.0.0.8" });

describe("portal sessions", () => {
  it("answers the session; the link opens the portal once, then is refused with the seller's name", async () => {
    at(T0);
    const s = await portalSession("cust-1001", "https://shop.example/account");
    expect(s).toMatchObject({
      customer_reference: "cust-1001",
      return_url: "https://shop.example/account",
      created_at: T0,
      expires_at: "2026-03-10T00:05:00.000Z",
    });
    expect(s.url).toMatch(/^http:\/\/test\.local\/portal\/[A-Za-z0-9_-]{43}$/);
    // only the token's hash is stored
    const token = new URL(s.url).pathname.split("/").at(-1) ?? "";
    const row = await db().portalSession.findUniqueOrThrow({ where: { id: s.id } });
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const first = await visit(s.url);
    expect(first.status).toBe(303);
    expect(first.location).toBe("/portal");
    expect(first.setCookie).toMatch(/; Path=\/portal; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    const access = await portalAccess(db(), first.cookie, fixedClock(T0));
    expect(access).toMatchObject({ returnUrl: "https://shop.example/account", seller: expect.any(String) });

    const again = await visit(s.url);
    expect(again.status).toBe(410);
    expect(again.cookie).toBeNull();
    expect(again.text).toContain("This link has expired");
    expect(again.text).toContain(`ask ${access?.seller} for a new one`);
    expect(again.text).toContain("E-mail me a sign-in link");

    // the session lasts an hour on the account's clock; a forged cookie opens nothing
    expect(await portalAccess(db(), first.cookie, fixedClock("2026-03-10T01:00:00.000Z"))).toBeNull();
    expect(await portalAccess(db(), `${s.id}.${"A".repeat(43)}`, fixedClock(T0))).toBeNull();
  });

  it("an unused link expires after five minutes; an unknown token is a 404 page", async () => {
    at(T0);
    const s = await portalSession();
    at("2026-03-10T00:05:00.000Z");
    const late = await visit(s.url);
    expect(late.status).toBe(410);
    expect(late.cookie).toBeNull();
    expect((await visit(`http://test.local/portal/${"x".repeat(43)}`)).status).toBe(404);
  });

  it("another account's customer, a bad return_url and a missing reference are 400 in the spec's error shape", async () => {
    const other = await post("/v2/portal-sessions/", { customer_reference: "cust-1001" }, { key: OTHER_KEY });
    expect(other.status).toBe(400);
    expect(other.body.customer_reference).toEqual([expect.stringContaining("No customer")]);
    for (const return_url of ["javascript:alert(1)", "ftp://x.example/", "not a url"]) {
      const r = await post("/v2/portal-sessions/", { customer_reference: "cust-1001", return_url });
      expect(r.status).toBe(400);
      expect(r.body.return_url).toEqual(["Enter an absolute http or https URL."]);
    }
    expect((await post("/v2/portal-sessions/", {})).status).toBe(400);
    expect((await post("/v2/portal-sessions/", { customer_reference: "cust-1001" }, { key: null })).status).toBe(401);
  });
});

describe("subscriber link rotation", () => {
  it("the old token is refused (a clear page and 410 on actions); the new one works until its expiry", async () => {
    const { id, token } = await familyContract(ids);
    at(T0);
    const r = expectStatus(
      await post(`/v2/subscription-contracts/${id}/subscriber-page/rotate/`, { expires_in_days: 30 }),
      200,
    );
    expect(r).toMatchObject({ contract_id: id, subscriber_page_expires_at: "2026-04-09T00:00:00.000Z" });
    const fresh = await db().subscriptionContract.findUniqueOrThrow({ where: { id } });
    expect(fresh.subscriberToken).not.toBe(token);
    expect(r.subscriber_page).toContain(`/change_contract/${fresh.subscriberToken}/`);

    const old = await subscriberPageData(token, pageHeaders());
    expect(old).toBeInstanceOf(ExpiredLink);
    const refused = await act(token, { action: "cancel" }, { csrf: await csrfTokenFor(token) });
    expect(refused.status).toBe(410);
    expect(refused.body.detail).toMatch(/This link has expired\. Ask .+ for a new one\./);

    expect(await subscriberPageData(fresh.subscriberToken, pageHeaders())).toHaveProperty("view");
    at("2026-04-09T00:00:00.000Z");
    expect(await subscriberPageData(fresh.subscriberToken, pageHeaders())).toBeInstanceOf(ExpiredLink);
    // the contract names its current link; another account's contract is a 404; a bad expiry a 400
    expect(
      (await post(`/v2/subscription-contracts/${id}/subscriber-page/rotate/`, {}, { key: OTHER_KEY })).status,
    ).toBe(404);
    const bad = await post(`/v2/subscription-contracts/${id}/subscriber-page/rotate/`, { expires_in_days: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.expires_in_days).toEqual(["At least 1 day."]);
  });
});

describe("e-mail me a sign-in link", () => {
  const form = (email: string, address: string, origin = "http://test.local") =>
    signInLinkRoute(
      new Request("http://test.local/portal/sign-in-link", {
        method: "POST",
        headers: { host: "test.local", origin, "x-client-address": address },
        body: new URLSearchParams({ account: String(accountId), email }),
      }),
    );

  it("mails a one-time link to a known address only; the form answers the same either way and is throttled", async () => {
    const sent: { to: string; text: string }[] = [];
    const mailer = { send: async (m: { to: string; subject: string; text: string }) => void sent.push(m) };
    const ctx = ctxFor(accountId, T0);
    expect(await mailSignInLink(ctx, "ALICE@example.com", mailer)).toBe(true);
    expect(await mailSignInLink(ctx, "nobody@example.com", mailer)).toBe(false);
    expect(await mailSignInLink(ctx, "alice@example.com", null)).toBe(false);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe("alice@example.com");
    const url = /(http\S+\/portal\/\S+)/.exec(sent[0].text)?.[1] ?? "";
    at(T0);
    expect((await visit(url)).status).toBe(303);

    const known = await form("alice@example.com", "10.7.0.1");
    const unknown = await form("nobody@example.com", "10.7.0.2");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    expect((await form("alice@example.com", "10.7.0.3", "https://evil.example")).status).toBe(403);
    for (let i = 0; i < 5; i++) expect((await form(`x${i}@example.com`, "10.7.0.4")).status).toBe(200);
    const throttled = await form("y@example.com", "10.7.0.4");
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
