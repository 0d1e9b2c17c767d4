// Webhooks at volume (issue 34 item 7): per-endpoint adaptive concurrency (AIMD window in the database), a
// slow endpoint never delaying another's deliveries, retries at their back-off time even while the endpoint
// has a backlog of first attempts, every attempt logged, and the REST delivery log paged, filtered and
// scoped to the account. Receivers run on 127.0.0.1 only (the loopback exception is passed explicitly).
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "@/server/clock";
import type { SystemCtx } from "@/server/domain/context";
import { fanOut, windowSignal } from "@/server/domain/webhooks/deliver";
import { deliverDue } from "@/server/domain/webhooks/dispatch";
import { db, systemCtx } from "@/tests/helpers";
import { newWorld, ok, type World } from "./_world";

/** "/fast…" answers at once; "/some…" takes 3 s for every 4th request; "/slow…" always takes 3 s; "/flaky…" 503 first, then 200. */
let server: http.Server;
let port = 0;
const count = new Map<string, number>();
const held = new Set<http.ServerResponse>();
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const family = path.replace(/-\w+$/, "");
    const n = (count.get(path) ?? 0) + 1;
    count.set(path, n);
    req.resume();
    const answer = (status: number, body: string) => {
      if (!res.destroyed) res.writeHead(status, { "content-type": "text/plain" }).end(body);
    };
    const slowly = () => {
      held.add(res);
      const t = setTimeout(() => answer(200, "late"), 3_000);
      res.on("close", () => {
        clearTimeout(t);
        held.delete(res);
      });
    };
    if (family === "/slow") return slowly();
    if (family === "/some" && n % 4 === 0) return slowly();
    if (family === "/flaky" && n === 1) return answer(503, "busy, try later");
    answer(200, `ok ${n}`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const TIMEOUT_MS = 1_000;
/** the first scenario's timeout: the fast endpoint's 40 deliveries must fit well within one slow attempt */
const SLOW_TIMEOUT_MS = 2_000;
const options = { allowLoopback: true, timeoutMs: TIMEOUT_MS };
const account = async () => (await db().account.create({ data: { name: `vol-${randomBytes(4).toString("hex")}` } })).id;
const endpointAt = (accountId: number, path: string) =>
  db().webhookEndpoint.create({
    data: {
      accountId,
      url: `http://127.0.0.1:${port}${path}`,
      secret: `whsec_${randomBytes(12).toString("hex")}`,
      enabledEvents: ["*"],
    },
  });
/** `n` events of the account, fanned out (one pending delivery per endpoint each). */
async function events(accountId: number, n: number, type = "test.ping", ctx: SystemCtx = systemCtx()) {
  await db().outboxEvent.createMany({
    data: Array.from({ length: n }, () => ({
      accountId,
      eventId: `evt_${randomBytes(12).toString("hex")}`,
      type,
      payload: { ping: true },
      createdAt: ctx.clock.now(),
    })),
  });
  while ((await fanOut(ctx)) > 0);
}
const attemptsOf = (endpointId: number) =>
  db().webhookDeliveryAttempt.findMany({
    where: { delivery: { endpointId } },
    orderBy: { id: "asc" },
    include: { delivery: true },
  });
const windowOf = async (endpointId: number) =>
  (await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).concurrency;

describe("window signals (AIMD)", () => {
  it("a fast 2xx grows, a timeout, 5xx or 429 cuts, anything else says nothing", () => {
    expect(windowSignal({ status: 200, error: null }, 50, 1_000)).toBe("grow");
    expect(windowSignal({ status: 200, error: null }, 1_500, 1_000)).toBe(null);
    expect(windowSignal({ status: 503, error: null }, 50, 1_000)).toBe("cut");
    expect(windowSignal({ status: 429, error: null }, 50, 1_000)).toBe("cut");
    expect(windowSignal({ status: 404, error: null }, 50, 1_000)).toBe(null);
    expect(windowSignal({ status: null, error: "timed out" }, 1_000, 1_000)).toBe("cut");
    expect(windowSignal({ status: null, error: "refused: address not allowed" }, 1, 1_000)).toBe(null);
  });
});

describe("adaptive per-endpoint concurrency", () => {
  let fast: { id: number };
  let slow: { id: number };
  let some: { id: number };
  beforeAll(async () => {
    const slowAccount = await account();
    const someAccount = await account();
    const fastAccount = await account();
    slow = await endpointAt(slowAccount, "/slow-a");
    some = await endpointAt(someAccount, "/some-a");
    fast = await endpointAt(fastAccount, "/fast-a");
    // the slow account's events are older: claimed first if anything were first-come-first-served
    await events(slowAccount, 6);
    await events(someAccount, 24);
    await events(fastAccount, 40);
    await deliverDue(systemCtx(), { ...options, timeoutMs: SLOW_TIMEOUT_MS });
  }, 60_000);

  it("the fast endpoint is sent to while the always-slow endpoint's first attempts still hang", async () => {
    const fastAttempts = await attemptsOf(fast.id);
    const slowAttempts = await attemptsOf(slow.id);
    expect(fastAttempts).toHaveLength(40);
    expect(fastAttempts.every((a) => a.responseStatus === 200 && a.delivery.state === "succeeded")).toBe(true);
    // the slow account's deliveries are older, yet the first claim gave the fast endpoint slots too: its
    // attempts began before any slow attempt ended (ordering only; how long the 40 take depends on the load)
    const end = (a: { startedAt: Date; durationMs: number }) => a.startedAt.getTime() + a.durationMs;
    const firstSlowEnd = Math.min(...slowAttempts.map(end));
    const fastBefore = fastAttempts.filter((a) => a.startedAt.getTime() < firstSlowEnd);
    expect(fastBefore.length).toBeGreaterThanOrEqual(2);
    // and the slow endpoint never held more than its window: 2 at first, then 1
    const overlapping = slowAttempts.filter((a) => a.startedAt.getTime() < firstSlowEnd);
    expect(overlapping.length).toBe(2);
  });

  it("the window grows for the fast endpoint and shrinks to 1 for the always-slow one", async () => {
    expect(await windowOf(fast.id)).toBeGreaterThan(2);
    expect(await windowOf(slow.id)).toBe(1);
    // every slow delivery was attempted once and timed out; all are waiting for their retry
    const slowAttempts = await attemptsOf(slow.id);
    expect(slowAttempts).toHaveLength(6);
    expect(slowAttempts.every((a) => a.error === "timed out" && a.responseStatus === null)).toBe(true);
  });

  it("every attempt of the sometimes-slow endpoint is logged with its outcome, duration and answer", async () => {
    const attempts = await attemptsOf(some.id);
    expect(attempts).toHaveLength(24);
    const timedOut = attempts.filter((a) => a.error === "timed out");
    const delivered = attempts.filter((a) => a.responseStatus === 200);
    expect(timedOut.length).toBe(6);
    expect(delivered.length).toBe(18);
    for (const a of delivered) {
      expect(a.error).toBeNull();
      expect(a.responseBody).toMatch(/^ok \d+$/);
      expect(a.number).toBe(1);
    }
    for (const a of timedOut) expect(a.durationMs).toBeGreaterThanOrEqual(SLOW_TIMEOUT_MS - 50);
  });
});

describe("retries at their back-off time", () => {
  it("a retry is attempted when its back-off ends, before the endpoint's backlog of first attempts", async () => {
    // on an injected clock far from real time: nothing else of this file may be due then
    await db().webhookDelivery.updateMany({ where: { state: "pending" }, data: { state: "dead" } });
    let now = new Date("2031-03-01T00:00:00.000Z");
    const clock: Clock = { now: () => new Date(now) };
    const ctx: SystemCtx = { db: db(), clock };
    const a = await account();
    const ep = await endpointAt(a, "/flaky-r");
    await events(a, 1, "test.first", ctx);
    expect(await deliverDue(ctx, options)).toEqual({ sent: 0, failed: 1 }); // 503
    const [first] = await db().webhookDelivery.findMany({ where: { endpointId: ep.id } });
    expect(first.nextAttemptAt.toISOString()).toBe("2031-03-01T00:01:00.000Z");
    expect(await windowOf(ep.id)).toBe(1); // halved from 2 by the 503

    // a backlog of first attempts arrives meanwhile
    now = new Date("2031-03-01T00:00:30.000Z");
    await events(a, 5, "test.later", ctx);
    await db().webhookDelivery.updateMany({
      where: { endpointId: ep.id, state: "pending", attempts: 0 },
      data: { nextAttemptAt: new Date(now.getTime() - 1) },
    });
    // one second before the back-off ends the retry is not due (the backlog is; leave it for later)
    now = new Date("2031-03-01T00:00:59.000Z");
    expect(await deliverDue(ctx, { ...options, maxInFlight: 1 })).toMatchObject({ sent: 5 });
    const before = await db().webhookDelivery.findUniqueOrThrow({ where: { id: first.id } });
    expect(before.attempts).toBe(1);

    // at its due time it goes first, before first attempts that were due earlier
    await events(a, 3, "test.latest", ctx);
    now = new Date("2031-03-01T00:01:00.000Z");
    await db().webhookDelivery.updateMany({
      where: { endpointId: ep.id, state: "pending", attempts: 0 },
      data: { nextAttemptAt: new Date("2031-03-01T00:00:40.000Z") },
    });
    const mark = (await db().webhookDeliveryAttempt.aggregate({ _max: { id: true } }))._max.id ?? 0;
    expect(await deliverDue(ctx, { ...options, maxInFlight: 1 })).toEqual({ sent: 4, failed: 0 });
    const after = await db().webhookDeliveryAttempt.findMany({
      where: { id: { gt: mark }, delivery: { endpointId: ep.id } },
      orderBy: { id: "asc" },
    });
    expect(after[0]).toMatchObject({ deliveryId: first.id, number: 2, responseStatus: 200 });
    expect(after[0].startedAt.toISOString()).toBe("2031-03-01T00:01:00.000Z");
  });
});

describe("REST delivery log", () => {
  let w: World;
  let other: World;
  let ep: { id: number };
  let failedId = 0;
  beforeAll(async () => {
    w = await newWorld();
    other = await newWorld();
    await db().webhookDelivery.updateMany({ where: { state: "pending" }, data: { state: "dead" } });
    while ((await fanOut(systemCtx())) > 0); // the seed's events, before the endpoint exists
    ep = await endpointAt(w.accountId, "/flaky-log");
    await events(w.accountId, 3, "contract.created");
    await events(w.accountId, 2, "billing_run.succeeded");
    // the first request answers 503: that delivery waits for its retry, the other four succeed
    await deliverDue(systemCtx(), { ...options, maxInFlight: 1 });
    failedId = (await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: ep.id, state: "pending" } })).id;
  }, 60_000);

  const log = (query = "") => w.get(`/v2/webhook-endpoints/${ep.id}/deliveries/${query}`);

  it("pages every delivery, newest first, with links", async () => {
    const page1 = ok(await log("?page_size=2"));
    expect(page1.count).toBe(5);
    expect(page1.results).toHaveLength(2);
    expect(page1.previous).toBeNull();
    expect(page1.next).toContain("page=2");
    const page3 = ok(await log("?page_size=2&page=3"));
    expect(page3.results).toHaveLength(1);
    expect(page3.next).toBeNull();
    const all = [...page1.results, ...ok(await log("?page_size=2&page=2")).results, ...page3.results];
    expect(all.map((d: any) => d.id)).toEqual([...all.map((d: any) => d.id)].sort((a, b) => b - a));
    // without page_size: a plain list, as before
    expect(ok(await log())).toHaveLength(5);
  });

  it("filters by state, event type and creation time", async () => {
    const pending = ok(await log("?state=pending&page_size=10"));
    expect(pending.results.map((d: any) => d.id)).toEqual([failedId]);
    expect(ok(await log("?state=failed"))).toHaveLength(1);
    expect(ok(await log("?state=succeeded"))).toHaveLength(4);
    expect(ok(await log("?state=dead"))).toHaveLength(0);
    const runs = ok(await log("?event_type=billing_run.succeeded"));
    expect(runs).toHaveLength(2);
    expect(runs.every((d: any) => d.event_type === "billing_run.succeeded")).toBe(true);
    expect(ok(await log("?created_to=2000-01-01T00:00:00Z"))).toHaveLength(0);
    expect(ok(await log("?created_from=2000-01-01T00:00:00Z"))).toHaveLength(5);
    expect((await log("?state=lost")).status).toBe(400);
  });

  it("a delivery shows every attempt", async () => {
    const one = ok(await w.get(`/v2/webhook-endpoints/${ep.id}/deliveries/${failedId}/`));
    expect(one).toMatchObject({ id: failedId, state: "pending", attempts: 1, last_status: 503 });
    expect(one.attempt_log).toEqual([
      expect.objectContaining({
        number: 1,
        response_status: 503,
        error: "HTTP 503",
        response_body: "busy, try later",
      }),
    ]);
    expect(one.attempt_log[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("another account's endpoint or delivery is 404", async () => {
    expect((await other.get(`/v2/webhook-endpoints/${ep.id}/deliveries/`)).status).toBe(404);
    expect((await other.get(`/v2/webhook-endpoints/${ep.id}/deliveries/${failedId}/`)).status).toBe(404);
    const theirs = await endpointAt(other.accountId, "/fast-other");
    // their own endpoint does not reach this account's delivery either
    expect((await other.get(`/v2/webhook-endpoints/${theirs.id}/deliveries/${failedId}/`)).status).toBe(404);
  });
});
