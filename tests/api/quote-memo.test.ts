// The per-second quote memo (server/http/quoteResponseMemo.ts): equal requests within a second are served again,
// and nothing that changes a quote (catalog, clock, account, customer, errors) is ever served stale.
import { describe, expect, it } from "vitest";
import { memoStats } from "@/server/http/quoteResponseMemo";
import type { SeedResult } from "@/server/seed/demo";
import { db, post, seed, setRequestTime, useSeed } from "@/tests/helpers";

const URL = "/v2/subscription-offer-quotes/";
let s: SeedResult;
useSeed(seed, (r) => (s = r));

// a fresh wall-clock second, so the memo's entries all belong to this test
async function freshSecond() {
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
}

const quote = (body: unknown, key?: string) => post(URL, body, key ? { key } : {});

describe("quote memo", () => {
  it("equal requests within a second get the same bytes; the quote is priced as of the whole second", async () => {
    setRequestTime("2026-03-10T12:00:00.750Z");
    // warm up first (route modules, the response check's compiled schemas): both requests below must fit in one second
    await quote({ items: [{ price: s.ids.basicMonthly }] });
    await freshSecond();
    const body = { items: [{ price: s.ids.basicMonthly, quantity: 2 }], metadata: { n: 1 } };
    const hits = memoStats.hits;
    const a = await quote(body);
    const b = await quote(body);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(memoStats.hits).toBe(hits + 1);
    expect(a.body.period_start_at).toBe("2026-03-10T12:00:00.000Z");
    // another body (here only its metadata) is another quote
    const c = await quote({ ...body, metadata: { n: 2 } });
    expect(c.body.metadata).toEqual({ n: 2 });
    expect(memoStats.hits).toBe(hits + 1);
  });

  it("a catalog change within the second is seen at once", async () => {
    setRequestTime("2026-03-10T12:00:00Z");
    await freshSecond();
    const body = { items: [{ price: s.ids.kidsMonthly }] };
    const before = await quote(body);
    expect(before.status).toBe(200);
    const version = await db().priceVersion.findFirstOrThrow({
      where: { priceId: s.ids.kidsMonthly },
      orderBy: { id: "desc" },
    });
    await db().priceVersion.update({ where: { id: version.id }, data: { unitAmount: "123.4500" } });
    try {
      const after = await quote(body);
      expect(after.body.recurring_items[0].unit_amount).toBe("123.4500");
      await db().catalogPrice.update({ where: { id: s.ids.kidsMonthly }, data: { active: false } });
      expect((await quote(body)).status).toBe(400);
    } finally {
      await db().catalogPrice.update({ where: { id: s.ids.kidsMonthly }, data: { active: true } });
      await db().priceVersion.update({ where: { id: version.id }, data: { unitAmount: version.unitAmount } });
    }
  });

  it("another second, another account, a failed request or a named customer never reuse a response", async () => {
    await freshSecond();
    const body = { items: [{ price: s.ids.basicMonthly }] };
    setRequestTime("2026-03-10T12:00:00Z");
    const first = await quote(body);
    setRequestTime("2026-03-10T12:00:01Z");
    expect((await quote(body)).body.period_start_at).toBe("2026-03-10T12:00:01.000Z");
    expect(first.body.period_start_at).toBe("2026-03-10T12:00:00.000Z");
    // the other account cannot see this account's price, memoized or not
    expect((await quote(body, "sk_test_other_secret")).status).toBe(400);

    const ref = `memo-${Date.now()}`;
    const named = { ...body, customer_reference: ref };
    expect((await quote(named)).status).toBe(400);
    expect((await post("/v2/customers/", { reference: ref, email: `${ref}@example.com`, name: "Memo" })).status).toBe(
      201,
    );
    const ok = await quote(named);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.customer_reference).toBe(ref);
  });

  it("requests naming an idempotency key keep its semantics: a replay, and a 400 for the key with another body", async () => {
    await freshSecond();
    setRequestTime("2026-03-10T12:00:00Z");
    const body = { items: [{ price: s.ids.basicMonthly }] };
    const key = `memo-idem-${Date.now()}`;
    const first = await post(URL, body, { headers: { "idempotency-key": key } });
    expect(first.status).toBe(200);
    const again = await post(URL, body, { headers: { "idempotency-key": key } });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(
      (await post(URL, { ...body, metadata: { other: "1" } }, { headers: { "idempotency-key": key } })).status,
    ).toBe(400);
  });

  it("is bypassed for malformed and invalid bodies (a 400 every time)", async () => {
    await freshSecond();
    setRequestTime("2026-03-10T12:00:00Z");
    for (let i = 0; i < 2; i++) {
      expect((await post(URL, undefined, { rawBody: "{not json" })).status).toBe(400);
      expect((await quote({ items: [{ price: "x" }] })).status).toBe(400);
    }
  });
});
