// Webhook delivery (spec 6 and the extension endpoints): events reach a real local HTTP endpoint signed
// (webhook-signature: t=<unix>,v1=<hmac-sha256 of "<t>.<body>">, webhook-id = event id), each event with
// its own id; contract events carry cancel_at_period_end / cancel_at / canceled_at / ended_at; failures
// are retried with exponential backoff (1 min doubling) and given up (dead) after three days; replayEvent
// sends an event again; enabled_events filters what an endpoint receives. Delivery runs on real time, so
// "later" is simulated by moving next_attempt_at (and first_attempt_at) into the past.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fanOut, GIVE_UP_AFTER_MS, replayEvent } from "@/server/domain/webhooks/deliver";
import { deliverDue } from "@/server/domain/webhooks/dispatch";
import { verifyWebhook } from "@/server/domain/webhooks/sign";
import { setEnv } from "@/tests/env";
import { db, systemCtx } from "@/tests/helpers";
import { advance, at, createContract, newWorld, ok, type World } from "./_world";

const T0 = "2026-01-10T00:00:00.000Z";
const FEB10 = "2026-02-10T00:00:00.000Z";
const MIN = 60_000;

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
}
/** A local endpoint: records every POST; `reply(path, n)` decides the status of the n-th request to a path. */
let server: http.Server;
let base = "";
const received: Received[] = [];
const replies = new Map<string, (n: number) => number>();

// The receivers run on 127.0.0.1: turn on the local-development loopback exception (off by default;
// tests/billing/webhook-ssrf.test.ts covers the refusals).
let restoreEnv: () => void;
beforeAll(async () => {
  restoreEnv = setEnv({ WEBHOOKS_ALLOW_LOOPBACK: "1" });
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const path = req.url ?? "/";
      const n = received.filter((r) => r.path === path).length + 1;
      let json: any = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* recorded as is */
      }
      received.push({ path, headers: req.headers, body, json, at: Date.now() });
      res.statusCode = (replies.get(path) ?? (() => 200))(n);
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  restoreEnv();
  await new Promise((r) => server.close(r));
});

const hits = (path: string) => received.filter((r) => r.path === path);

async function endpoint(w: World, path: string, enabled?: string[]) {
  return ok(
    await w.post("/v2/webhook-endpoints/", { url: `${base}${path}`, ...(enabled ? { enabled_events: enabled } : {}) }),
    201,
  );
}
async function deliveries(w: World, endpointId: number) {
  return ok(await w.get(`/v2/webhook-endpoints/${endpointId}/deliveries/`));
}
/** Publishes the outbox and delivers what is due now. */
async function tick() {
  await fanOut(systemCtx());
  return deliverDue(systemCtx());
}
/** "Later": this endpoint's pending deliveries become due now. */
const makeDue = (endpointId: number) =>
  db()
    .$executeRaw`update webhook_deliveries set next_attempt_at = now() - interval '1 second' where endpoint_id = ${endpointId} and state = 'pending'`;

describe("signed delivery (spec 6)", () => {
  let w: World;
  let ep: any;
  let c: any;
  let ended: any;
  beforeAll(async () => {
    w = await newWorld();
    ep = await endpoint(w, "/all");
    expect(ep.secret).toMatch(/^whsec_/);
    at(T0);
    c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    ok(await w.post(`/v2/subscription-contracts/${c.id}/cancel/`, { cancel_at_period_end: true }));
    // a contract whose only item ends at the first billing date: it concludes (ended) then
    ended = await createContract(w, { items: [{ price: w.ids.basicMonthly, end_at: FEB10 }] });
    await advance(w, FEB10);
    at(null);
    await tick();
  });

  it("every event arrives once, signed with the endpoint secret, webhook-id = event id, ids unique", async () => {
    const events = await db().outboxEvent.findMany({ where: { accountId: w.accountId }, orderBy: { id: "asc" } });
    const got = hits("/all");
    expect(got.length).toBe(events.length);
    expect(got.map((r) => r.json.id).sort()).toEqual(events.map((e) => e.eventId).sort());
    expect(new Set(got.map((r) => r.json.id)).size).toBe(got.length);
    for (const r of got) {
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.headers["webhook-id"]).toBe(r.json.id);
      expect(r.json.id).toMatch(/^evt_[0-9a-f]{24}$/);
      const sig = String(r.headers["webhook-signature"]);
      expect(sig).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(sig.split(",")[0]).toBe(`t=${r.headers["webhook-timestamp"]}`);
      const now = Math.floor(r.at / 1000);
      expect(verifyWebhook(ep.secret, sig, r.body, now)).toBe(true);
      // a changed body, another secret or an old timestamp do not verify
      expect(verifyWebhook(ep.secret, sig, r.body.replace(r.json.id, "evt_000000000000000000000000"), now)).toBe(false);
      expect(verifyWebhook("whsec_other", sig, r.body, now)).toBe(false);
      expect(verifyWebhook(ep.secret, sig, r.body, now + 301)).toBe(false);
    }
    const list = await deliveries(w, ep.id);
    expect(list.length).toBe(events.length);
    expect(
      list.every(
        (d: any) => d.state === "succeeded" && d.attempts === 1 && d.last_status === 200 && d.last_error === null,
      ),
    ).toBe(true);
    // a second pass sends nothing again
    const before = received.length;
    expect(await tick()).toEqual({ sent: 0, failed: 0 });
    expect(received.length).toBe(before);
  });

  it("contract events carry cancel_at_period_end, cancel_at, canceled_at and ended_at in data", async () => {
    const of = (id: number) =>
      hits("/all")
        .map((r) => r.json)
        .filter((e) => e.type.startsWith("subscription_contract.") && e.data.id === id);
    const fields = (e: any) => [
      e.type,
      e.data.cancel_at_period_end,
      e.data.cancel_at,
      e.data.canceled_at,
      e.data.ended_at,
    ];
    const mine = of(c.id).sort((a, b) => a.created_at.localeCompare(b.created_at) || 0);
    expect(mine.map(fields)).toEqual([
      ["subscription_contract.created", false, null, null, null],
      ["subscription_contract.updated", true, FEB10, null, null],
      ["subscription_contract.canceled", false, FEB10, FEB10, FEB10],
    ]);
    expect(mine.map((e) => e.created_at)).toEqual([T0, T0, FEB10]);
    expect(mine[2].data).toMatchObject({ state: "canceled", recurring: false, next_billing_at: null });
    // created before ended: deliveries may arrive in either order
    const theirs = of(ended.id).sort((a, b) => a.created_at.localeCompare(b.created_at) || 0);
    expect(theirs.map(fields)).toEqual([
      ["subscription_contract.created", false, null, null, null],
      ["subscription_contract.ended", false, null, null, FEB10],
    ]);
    for (const e of hits("/all").map((r) => r.json)) {
      if (!e.type.startsWith("subscription_contract.")) continue;
      for (const k of ["cancel_at_period_end", "cancel_at", "canceled_at", "ended_at"])
        expect(e.data, `${e.type} data.${k}`).toHaveProperty(k);
    }
  });
});

describe("retries", () => {
  it("an endpoint answering 500 is retried with backoff 1, 2, 4, 8 … minutes and succeeds once it answers 200", async () => {
    const w = await newWorld();
    const ep = await endpoint(w, "/flaky");
    replies.set("/flaky", (n) => (n <= 3 ? 500 : 200));
    at(T0);
    await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    at(null);
    const expectedDelays = [1, 2, 4];
    for (const [k, delay] of expectedDelays.entries()) {
      if (k > 0) await makeDue(ep.id);
      const t = Date.now();
      await tick();
      const [d] = await deliveries(w, ep.id);
      expect(d).toMatchObject({ state: "pending", attempts: k + 1, last_status: 500, last_error: "HTTP 500" });
      const wait = Date.parse(d.next_attempt_at) - t;
      expect(wait).toBeGreaterThanOrEqual(delay * MIN - 1000);
      expect(wait).toBeLessThanOrEqual(delay * MIN + 5000);
      // not due yet: a pass now sends nothing
      const n = hits("/flaky").length;
      await tick();
      expect(hits("/flaky").length).toBe(n);
    }
    await makeDue(ep.id);
    await tick();
    const [d] = await deliveries(w, ep.id);
    expect(d).toMatchObject({ state: "succeeded", attempts: 4, last_status: 200, last_error: null });
    const got = hits("/flaky");
    expect(got.length).toBe(4);
    // the same event every time (same id and body), each attempt signed afresh
    expect(new Set(got.map((r) => r.json.id)).size).toBe(1);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    for (const r of got)
      expect(verifyWebhook(ep.secret, String(r.headers["webhook-signature"]), r.body, Math.floor(r.at / 1000))).toBe(
        true,
      );
  });

  it("a connection error counts as a failure too (no server at the URL)", async () => {
    const w = await newWorld();
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const ep = ok(await w.post("/v2/webhook-endpoints/", { url: `http://127.0.0.1:${port}/gone` }), 201);
    at(T0);
    await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    at(null);
    await tick();
    const [d] = await deliveries(w, ep.id);
    // a generic text: no errno, address or port of the failure
    expect(d).toMatchObject({ state: "pending", attempts: 1, last_status: null, last_error: "could not connect" });
  });

  it("a delivery still failing three days after its first attempt is dead and never sent again", async () => {
    const w = await newWorld();
    const ep = await endpoint(w, "/down");
    replies.set("/down", () => 500);
    at(T0);
    await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    at(null);
    await tick();
    const row = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: ep.id } });
    // first attempt 3 days − 30 min ago: the next failure's retry (+2 min) still falls within the 3 days
    await db().webhookDelivery.update({
      where: { id: row.id },
      data: {
        firstAttemptAt: new Date(Date.now() - GIVE_UP_AFTER_MS + 30 * MIN),
        nextAttemptAt: new Date(Date.now() - 1000),
      },
    });
    await tick();
    let [d] = await deliveries(w, ep.id);
    expect(d).toMatchObject({ state: "pending", attempts: 2 });
    // first attempt 3 days − 2 min ago: the next retry (+4 min) would be past the 3 days → dead
    await db().webhookDelivery.update({
      where: { id: row.id },
      data: {
        firstAttemptAt: new Date(Date.now() - GIVE_UP_AFTER_MS + 2 * MIN),
        nextAttemptAt: new Date(Date.now() - 1000),
      },
    });
    await tick();
    [d] = await deliveries(w, ep.id);
    expect(d).toMatchObject({ state: "dead", attempts: 3, last_status: 500 });
    const n = hits("/down").length;
    expect(n).toBe(3);
    await db().webhookDelivery.update({
      where: { id: row.id },
      data: { nextAttemptAt: new Date(Date.now() - 60 * MIN) },
    });
    await tick();
    expect(hits("/down").length).toBe(3);
  });
});

describe("concurrent dispatchers", () => {
  it("three deliverDue passes at once send each event exactly once", async () => {
    const w = await newWorld();
    const ep = await endpoint(w, "/parallel");
    at(T0);
    for (let i = 0; i < 12; i++) await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    at(null);
    await Promise.all([fanOut(systemCtx()), fanOut(systemCtx())]);
    const results = await Promise.all([deliverDue(systemCtx()), deliverDue(systemCtx()), deliverDue(systemCtx())]);
    expect(results.reduce((a, r) => a + r.sent, 0)).toBe(12);
    const got = hits("/parallel");
    expect(got.length).toBe(12);
    expect(new Set(got.map((r) => r.json.id)).size).toBe(12);
    expect((await deliveries(w, ep.id)).every((d: any) => d.state === "succeeded" && d.attempts === 1)).toBe(true);
  });
});

describe("replay and filters", () => {
  it("replayEvent delivers an event again (same id and body), also after a dead delivery", async () => {
    const w = await newWorld();
    const ep = await endpoint(w, "/replay");
    replies.set("/replay", (n) => (n === 1 ? 200 : n <= 3 ? 500 : 200));
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    at(null);
    await tick();
    const [first] = hits("/replay");
    expect(first.json).toMatchObject({ type: "subscription_contract.created", data: { id: c.id } });
    expect(await replayEvent(systemCtx(), { eventId: first.json.id, endpointId: ep.id })).toBe(1);
    let [d] = await deliveries(w, ep.id);
    expect(d).toMatchObject({ state: "pending", attempts: 0 });
    await tick(); // 2nd request → 500
    await db().webhookDelivery.updateMany({ where: { endpointId: ep.id }, data: { state: "dead" } });
    expect(await replayEvent(systemCtx(), { eventId: first.json.id })).toBe(1); // every endpoint of the account: this one
    await tick(); // 3rd → 500
    await makeDue(ep.id);
    await tick(); // 4th → 200
    [d] = await deliveries(w, ep.id);
    expect(d).toMatchObject({ state: "succeeded", attempts: 2, last_status: 200 });
    const got = hits("/replay");
    expect(got.length).toBe(4);
    expect(
      got.every(
        (r) => r.json.id === first.json.id && r.headers["webhook-id"] === first.json.id && r.body === first.body,
      ),
    ).toBe(true);
    await expect(replayEvent(systemCtx(), { eventId: "evt_unknown" })).rejects.toThrow();
  });

  it("enabled_events: an endpoint receives only the event types it subscribed to; * receives all", async () => {
    const w = await newWorld();
    const runs = await endpoint(w, "/runs", ["billing_run.succeeded"]);
    const lifecycle = await endpoint(w, "/lifecycle", [
      "subscription_contract.created",
      "subscription_contract.canceled",
    ]);
    const all = await endpoint(w, "/star");
    const none = await endpoint(w, "/nothing", ["subscription_contract.paused"]);
    expect(runs.enabled_events).toEqual(["billing_run.succeeded"]);
    expect(all.enabled_events).toEqual(["*"]);
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    await advance(w, FEB10);
    ok(await w.post(`/v2/subscription-contracts/${c.id}/cancel/`, {}));
    at(null);
    await tick();
    const types = (p: string) =>
      hits(p)
        .map((r) => r.json.type)
        .sort();
    expect(types("/runs")).toEqual(["billing_run.succeeded"]);
    expect(types("/lifecycle")).toEqual(["subscription_contract.canceled", "subscription_contract.created"]);
    expect(types("/star")).toEqual([
      "billing_run.created",
      "billing_run.succeeded",
      "subscription_contract.canceled",
      "subscription_contract.created",
    ]);
    expect(types("/nothing")).toEqual([]);
    expect(await deliveries(w, none.id)).toEqual([]);
    const run = hits("/runs")[0].json.data;
    expect(run).toMatchObject({
      contract_id: c.id,
      state: "succeeded",
      period_start_at: FEB10,
      total_amount: "12.2760",
    });
    // the extension endpoints: listing shows the filters, not the secret; another account's endpoint is 404
    const list = ok(await w.get("/v2/webhook-endpoints/"));
    expect(list.map((e: any) => [e.id, e.enabled_events])).toEqual([
      [runs.id, ["billing_run.succeeded"]],
      [lifecycle.id, ["subscription_contract.created", "subscription_contract.canceled"]],
      [all.id, ["*"]],
      [none.id, ["subscription_contract.paused"]],
    ]);
    expect(list.every((e: any) => !("secret" in e))).toBe(true);
    const other = await newWorld();
    expect((await other.get(`/v2/webhook-endpoints/${runs.id}/deliveries/`)).status).toBe(404);
  });

  it("an invalid endpoint URL is 400", async () => {
    const w = await newWorld();
    expect(Object.keys(ok(await w.post("/v2/webhook-endpoints/", { url: "ftp://example.com/x" }), 400))).toContain(
      "url",
    );
    expect(Object.keys(ok(await w.post("/v2/webhook-endpoints/", { url: "not a url" }), 400))).toContain("url");
  });
});
