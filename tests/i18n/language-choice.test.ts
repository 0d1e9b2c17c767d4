// The customer's language (docs/decisions.md "Languages"): a portal session may name one (POST
// /v2/portal-sessions/ `locale`, which wins), the Language select stores the customer's choice (set_language,
// from the portal and from the subscriber page), and the portal's own link pages follow the browser.
import { describe, expect, it } from "vitest";
import { GET as openLink } from "@/app/portal/[token]/route";
import { fixedClock } from "@/server/clock";
import { portalAccess } from "@/server/domain/portal/sessions";
import { csrfTokenFor } from "@/server/domain/selfService/access";
import type { SeedResult } from "@/server/seed/demo";
import { at, expectStatus, seedFixed, T0 } from "@/tests/contracts/_fixtures";
import { db, post, useSeed } from "@/tests/helpers";
import { ORIGIN, portalAct } from "@/tests/portal/_setup";
import { act, familyContract } from "@/tests/subscriber/_setup";

let ids: SeedResult["ids"];
useSeed(seedFixed, (r) => (ids = r.ids));

async function open(url: string, acceptLanguage = "en-US,en;q=0.9") {
  const token = new URL(url).pathname.split("/").at(-1) ?? "";
  const res = await openLink(
    new Request(`${ORIGIN}/portal/${token}`, {
      headers: { host: "test.local", "x-client-address": "10.0.3.1", "accept-language": acceptLanguage },
    }),
    { params: Promise.resolve({ token }) },
  );
  return {
    status: res.status,
    text: await res.text(),
    cookie: /portal_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1],
  };
}

const preference = async (reference: string) =>
  (await db().customer.findFirstOrThrow({ where: { reference }, select: { preferredLocale: true } })).preferredLocale;

describe("the customer's language", () => {
  it("a portal session takes a locale; a wrong one is refused; none answers null", async () => {
    at(T0);
    const s = expectStatus(await post("/v2/portal-sessions/", { customer_reference: "cust-1001", locale: "de" }), 201);
    expect(s.locale).toBe("de");
    const opened = await open(s.url);
    const access = await portalAccess(db(), opened.cookie, fixedClock(T0));
    expect(access).toMatchObject({ locale: "de", preferredLocale: null });
    const bad = await post("/v2/portal-sessions/", { customer_reference: "cust-1001", locale: "sv" });
    expect(bad.status).toBe(400);
    expect(bad.body.locale).toEqual(["One of en, de, fr, es, fi."]);
    expect(
      expectStatus(await post("/v2/portal-sessions/", { customer_reference: "cust-1001" }), 201).locale,
    ).toBeNull();
  });

  it("the portal's picker stores the preference and the session's language", async () => {
    at(T0);
    const s = expectStatus(await post("/v2/portal-sessions/", { customer_reference: "cust-1002", locale: "de" }), 201);
    const { cookie } = await open(s.url);
    const r = await portalAct("", cookie ?? null, { action: "set_language", locale: "fi" });
    expect(r).toMatchObject({ status: 200, body: { locale: "fi" } });
    expect(await preference("cust-1002")).toBe("fi");
    expect(await portalAccess(db(), cookie, fixedClock(T0))).toMatchObject({ locale: "fi", preferredLocale: "fi" });
    const wrong = await portalAct("", cookie ?? null, { action: "set_language", locale: "xx" });
    expect(wrong.status).toBe(400);
  });

  it("the subscriber page's picker stores the contract's customer's preference", async () => {
    at(T0);
    const c = await familyContract(ids);
    const owner = await db().subscriptionContract.findUniqueOrThrow({
      where: { id: c.id },
      select: { customer: { select: { reference: true } } },
    });
    const r = await act(c.token, { action: "set_language", locale: "es" }, { csrf: await csrfTokenFor(c.token) });
    expect(r.status).toBe(200);
    expect(await preference(owner.customer.reference)).toBe("es");
  });

  it("the portal's link pages follow the browser's language", async () => {
    at(T0);
    const s = expectStatus(await post("/v2/portal-sessions/", { customer_reference: "cust-1001" }), 201);
    await open(s.url);
    const again = await open(s.url, "de-DE,de;q=0.9,en;q=0.5");
    expect(again.status).toBe(410);
    expect(again.text).toContain('<html lang="de">');
    expect(again.text).toContain("Dieser Link ist abgelaufen");
    expect(again.text).toContain("Anmeldelink per E-Mail senden");
  });
});
