// GET /api/metrics (Prometheus, server/metrics.ts) and request ids: the endpoint is hidden without METRICS_TOKEN
// and refuses other tokens; a REST call shows up under its route template; the database gauges equal the
// rows; every REST answer carries X-Request-Id, the caller's only when a proxy of ours passed it on.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/api/metrics/route";
// @ts-expect-error plain ESM helper
import { createAppServer } from "@/scripts/lib/appServer.mjs";
// @ts-expect-error plain ESM helper
import { parseTrustProxy } from "@/scripts/lib/clientAddress.mjs";
import { fixedClock } from "@/server/clock";
import { trpcRouteLabel } from "@/server/trpc/httpHandler";
import { runDueNow } from "@/server/worker/billing";
import { createBasic, seedFixed } from "@/tests/contracts/_fixtures";
import { setEnv, withEnv } from "@/tests/env";
import { db, get } from "@/tests/helpers";

const TOKEN = "metrics-test-token-0123456789";
let ids: Record<string, number>;

beforeAll(async () => {
  ids = (await seedFixed()).ids;
});

const scrape = (authorization?: string) =>
  metricsRoute(new Request("http://test.local/api/metrics", { headers: authorization ? { authorization } : {} }));

/** The value of a sample line `name{labels} value` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe("GET /api/metrics", () => {
  it("answers 404 while no METRICS_TOKEN is configured", async () => {
    await withEnv({ METRICS_TOKEN: undefined }, async () => {
      expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
    });
  });

  describe("with a token", () => {
    let restore: () => void;
    beforeAll(() => {
      restore = setEnv({ METRICS_TOKEN: TOKEN });
    });
    afterAll(() => restore());

    it("refuses a missing or wrong bearer token with 401", async () => {
      expect((await scrape()).status).toBe(401);
      expect((await scrape("Bearer not-the-token")).status).toBe(401);
      expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
    });

    it("counts a REST call under its route template, method and status class", async () => {
      const contract = await createBasic(ids);
      expect((await get(`/v2/subscription-contracts/${contract.id}/`)).status).toBe(200);
      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      const text = await res.text();
      const labels = { route: "/v2/subscription-contracts/{contractId}/", method: "GET", status: "2xx" };
      expect(sample(text, "http_requests_total", labels)).toBeGreaterThanOrEqual(1);
      expect(sample(text, "http_request_duration_seconds_count", labels)).toBeGreaterThanOrEqual(1);
      expect(sample(text, "http_requests_total", { route: "/v2/subscription-contracts/", method: "POST" })).toBe(1);
      // nothing with the raw id as a label
      expect(text).not.toContain(`/v2/subscription-contracts/${contract.id}/`);
      expect(sample(text, "process_resident_memory_bytes", {})).toBeGreaterThan(0);
      expect(sample(text, "db_pool_connections", { pool: "prisma", state: "total" })).toBeGreaterThan(0);
    });

    it("billing runs by state, attempts by outcome and pending webhooks equal the database", async () => {
      await createBasic(ids);
      await runDueNow(db(), fixedClock("2026-04-11T00:00:00Z")); // bills the contracts' first periods
      const text = await (await scrape(`Bearer ${TOKEN}`)).text();
      const runs = await db().billingRun.groupBy({ by: ["state"], _count: true });
      expect(runs.length).toBeGreaterThan(0);
      for (const r of runs) expect(sample(text, "billing_runs", { state: r.state })).toBe(r._count);
      const attempts = await db().billingAttempt.groupBy({ by: ["state"], _count: true });
      for (const a of attempts) expect(sample(text, "billing_attempts", { outcome: a.state })).toBe(a._count);
      const pending = await db().webhookDelivery.count({ where: { state: "pending" } });
      expect(sample(text, "webhook_deliveries_pending", {})).toBe(pending);
      expect(sample(text, "webhook_deliveries_oldest_pending_seconds", {})).toBeGreaterThanOrEqual(0);
    });

    it("billing lag (overdue contracts) and unpublished events: what the soak checks after its drain", async () => {
      const before = await (await scrape(`Bearer ${TOKEN}`)).text();
      const contract = await createBasic(ids);
      // past its next billing date on every clock, and not billed: overdue
      await db().subscriptionContract.update({
        where: { id: contract.id },
        data: { nextBillingAt: new Date("2000-01-01T00:00:00Z") },
      });
      const { accountId } = await db().subscriptionContract.findUniqueOrThrow({ where: { id: contract.id } });
      await db().outboxEvent.create({
        data: { accountId, eventId: `evt_metrics_${Date.now()}`, type: "test.ping", payload: {} },
      });
      const after = await (await scrape(`Bearer ${TOKEN}`)).text();
      expect(sample(after, "billing_overdue_contracts", {})).toBe(
        (sample(before, "billing_overdue_contracts", {}) ?? 0) + 1,
      );
      expect(sample(after, "billing_overdue_oldest_seconds", {})).toBeGreaterThan(20 * 365 * 86_400);
      const unpublished = await db().outboxEvent.count({ where: { publishedAt: null } });
      expect(sample(after, "outbox_events_unpublished", {})).toBe(unpublished);
      expect(sample(after, "outbox_events_oldest_unpublished_seconds", {})).toBeGreaterThanOrEqual(0);
    });
  });

  it("labels tRPC requests by known procedure only", () => {
    expect(trpcRouteLabel("http://x/api/trpc/contracts.list?input=1")).toMatch(/^\/trpc\//);
    expect(trpcRouteLabel("http://x/api/trpc/no.such.procedure")).toBe("/trpc/(unknown)");
    expect(trpcRouteLabel("http://x/api/trpc/a,b")).toBe("/trpc/(batch)");
  });
});

describe("X-Request-Id", () => {
  it("every REST answer carries one: the caller's (a plain token) or a generated one", async () => {
    const own = await get("/v2/subscription-contracts/", { headers: { "x-request-id": "proxy-req-42" } });
    expect(own.headers.get("x-request-id")).toBe("proxy-req-42");
    const made = await get("/v2/subscription-contracts/");
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await get("/v2/subscription-contracts/", { headers: { "x-request-id": "bad id\twith spaces" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await get("/v2/subscription-contracts/999999/", { headers: { "x-request-id": "r-404" } });
    expect([failed.status, failed.headers.get("x-request-id")]).toEqual([404, "r-404"]);
  });

  it("the app server passes the client's id on only from a proxy TRUST_PROXY names", async () => {
    const seen = async (trust: string | undefined) => {
      const server: http.Server = createAppServer(
        (req: http.IncomingMessage, res: http.ServerResponse) => res.end(String(req.headers["x-request-id"] ?? "")),
        { trust: parseTrustProxy(trust) },
      );
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-request-id": "from-client" } });
        return await res.text();
      } finally {
        server.close();
      }
    };
    expect(await seen(undefined)).toBe("");
    expect(await seen("10.0.0.0/8")).toBe("");
    expect(await seen("loopback")).toBe("from-client");
  });
});
