// The in-memory cache of API keys and account state (server/domain/auth/keyCache.ts) against a real
// PostgreSQL: it serves repeated requests without reading the database, drops entries when another
// connection commits a change (LISTEN/NOTIFY), and a change made through this process is seen at once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { changesLive } from "@/server/changes";
import { hashKey } from "@/server/domain/auth/apiKeys";
import { forgetAccount, lookupKey } from "@/server/domain/auth/keyCache";
import type { SeedResult } from "@/server/seed/demo";
import { setEnv } from "@/tests/env";
import { db, get, post, seed, setRequestTime } from "@/tests/helpers";

const QUOTES = "/v2/subscription-offer-quotes/";
const KEY = "sk_test_demo_secret";
let s: SeedResult;

async function until(what: string, check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const status = async (key = KEY) => (await get("/v2/catalog/products/", { key })).status;
const sql = (q: string, ...values: unknown[]) => db().$executeRawUnsafe(q, ...values);

beforeAll(async () => {
  s = await seed();
  setEnv({ AUTH_CACHE: "on" });
  await lookupKey(hashKey(KEY)); // starts listening
  await until("change notifications", async () => changesLive());
});
afterEach(async () => {
  setRequestTime(null);
  await sql("alter table api_keys enable trigger api_keys_notify");
  await sql("alter table accounts enable trigger accounts_notify");
});
afterAll(() => {
  setEnv({ AUTH_CACHE: "off" });
});

describe("API key cache", () => {
  it("serves a known key from memory: a change nobody announces is not seen", async () => {
    expect(await status()).toBe(200);
    await sql("alter table api_keys disable trigger api_keys_notify");
    await sql("update api_keys set revoked_at = now() where hash = $1", hashKey(KEY));
    expect(await status()).toBe(200); // cached, and no notification was sent
    await sql("update api_keys set revoked_at = null where hash = $1", hashKey(KEY));
  });

  it("a key revoked by another connection stops working once the change commits", async () => {
    expect(await status()).toBe(200);
    await sql("update api_keys set revoked_at = now() where hash = $1", hashKey(KEY));
    await until("401 after revocation", async () => (await status()) === 401);
    await sql("update api_keys set revoked_at = null where hash = $1", hashKey(KEY));
    await until("200 after restoring the key", async () => (await status()) === 200);
  });

  it("a key created a moment ago works at once (unknown keys are not remembered)", async () => {
    const raw = `sk_test_fresh_${Date.now()}`;
    expect(await status(raw)).toBe(401);
    await db().apiKey.create({
      data: { accountId: s.accountId, kind: "secret", name: "fresh", prefix: raw.slice(0, 12), hash: hashKey(raw) },
    });
    expect(await status(raw)).toBe(200);
  });

  it("a catalog change by another connection reaches the next quotes", async () => {
    const body = { items: [{ price: s.ids.magazineMonthly, quantity: 1 }] };
    setRequestTime("2026-03-10T00:00:00Z");
    const before = await post(QUOTES, body);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const unit = before.body.recurring_items[0].unit_amount;
    await sql("update price_versions set unit_amount = unit_amount + 1 where price_id = $1", s.ids.magazineMonthly);
    await until(
      "the new unit amount",
      async () => (await post(QUOTES, body)).body.recurring_items[0].unit_amount !== unit,
    );
    const after = await post(QUOTES, body);
    expect(Number(after.body.recurring_items[0].unit_amount)).toBe(Number(unit) + 1);
  });

  it("a change made through this process is seen by its very next request", async () => {
    // announcements are switched off: only the local invalidation can make this pass
    await sql("alter table accounts disable trigger accounts_notify");
    setRequestTime("2026-03-10T00:00:00Z");
    const q1 = await post(QUOTES, { items: [{ price: s.ids.magazineMonthly, quantity: 1 }] });
    expect(q1.body.period_start_at).toBe("2026-03-10T00:00:00.000Z");
    const moved = await post("/v2/test-clock/advance/", { to: "2026-03-12T00:00:00Z" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const q2 = await post(QUOTES, { items: [{ price: s.ids.magazineMonthly, quantity: 1 }] });
    expect(q2.body.period_start_at).toBe("2026-03-12T00:00:00.000Z");
  });

  it("a quote (read-only POST) keeps the cached state; forgetAccount drops it", async () => {
    await sql("alter table accounts disable trigger accounts_notify");
    await post(QUOTES, { items: [{ price: s.ids.magazineMonthly, quantity: 1 }] });
    const cached = await lookupKey(hashKey(KEY));
    await sql("update accounts set test_clock_at = '2027-01-01T00:00:00Z' where id = $1", s.accountId);
    expect((await lookupKey(hashKey(KEY)))!.account).toBe(cached!.account); // same object: from memory
    forgetAccount(s.accountId);
    const fresh = await lookupKey(hashKey(KEY));
    expect(fresh!.account).not.toBe(cached!.account);
    expect(fresh!.account.testClockAt?.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("while the notification connection is down nothing is served from memory, and it comes back", async () => {
    expect(await status()).toBe(200);
    await sql("alter table api_keys disable trigger api_keys_notify");
    // drop the LISTEN connection from the server side
    await db().$queryRawUnsafe(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen sc_changes%' and pid <> pg_backend_pid()",
    );
    await until("the listener to notice", async () => !changesLive(), 3000);
    await sql("update api_keys set revoked_at = now() where hash = $1", hashKey(KEY));
    expect(await status()).toBe(401); // read from the database, although nobody announced the change
    await sql("update api_keys set revoked_at = null where hash = $1", hashKey(KEY));
    await until("reconnection", async () => changesLive(), 5000);
    expect(await status()).toBe(200);
  });
});
