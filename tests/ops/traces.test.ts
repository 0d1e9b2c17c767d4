// OpenTelemetry traces (server/tracing.ts, server/tracingSetup.ts, server/tracedPg.ts) with an in-memory
// exporter: a REST call and a tRPC call each make a trace of nested spans, HTTP → (tRPC →) domain → SQL, the
// request span carrying the request id the answer names; SQL spans hold the statement without its values.
// Without a configured exporter nothing is recorded.
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { tracesWanted, tracingOn, withSpan } from "@/server/tracing";
import { startTracing, stopTracing } from "@/server/tracingSetup";
import { trpcHandler } from "@/server/trpc/httpHandler";
import { transformer } from "@/server/trpc/transformer";
import { createBasic, seedFixed } from "@/tests/contracts/_fixtures";
import { withEnv } from "@/tests/env";
import { db, get } from "@/tests/helpers";

// the console's session comes from next-auth's cookies in the app; here, the seeded owner of the demo account
const session = vi.hoisted(() => ({ current: null as null | { userId: number; accountId: number } }));
vi.mock("@/server/auth/session", () => ({
  getSellerSession: async () => session.current && { ...session.current, email: null, name: null },
}));

const exporter = new InMemorySpanExporter();
let ids: Record<string, number>;

beforeAll(async () => {
  const seeded = await seedFixed();
  ids = seeded.ids;
  const owner = await db().user.findFirstOrThrow({ where: { accountId: seeded.accountId }, orderBy: { id: "asc" } });
  session.current = { userId: owner.id, accountId: seeded.accountId };
});
afterAll(() => stopTracing());

/** The spans of one trace, by their parent: the root (no parent in the trace) first. */
function traceOf(root: ReadableSpan, spans: ReadableSpan[]) {
  const inTrace = spans.filter((s) => s.spanContext().traceId === root.spanContext().traceId);
  const parentOf = (s: ReadableSpan) => inTrace.find((p) => p.spanContext().spanId === s.parentSpanContext?.spanId);
  const children = (s: ReadableSpan) => inTrace.filter((c) => parentOf(c) === s);
  /** every span below `s`, at any depth */
  const below = (s: ReadableSpan): ReadableSpan[] => children(s).flatMap((c) => [c, ...below(c)]);
  return { inTrace, parentOf, children, below };
}

describe("traces", () => {
  it("are off unless OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER asks for them", async () => {
    await withEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_TRACES_EXPORTER: undefined }, async () => {
      expect(tracesWanted()).toBe(false);
    });
    await withEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" }, async () => {
      expect(tracesWanted()).toBe(true);
    });
    await withEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_TRACES_EXPORTER: "none" }, async () => {
      expect(tracesWanted()).toBe(false);
    });
    await withEnv({ OTEL_TRACES_EXPORTER: "console" }, async () => expect(tracesWanted()).toBe(true));
    // and before any provider is registered the helpers call straight through, with no span
    expect(tracingOn()).toBe(false);
    expect(await withSpan("probe", {}, async (span) => span)).toBeUndefined();
    expect((await get(`/v2/catalog/products/`)).status).toBe(200);
    expect(exporter.getFinishedSpans()).toHaveLength(0);
  });

  describe("with an exporter", () => {
    beforeAll(async () => {
      await startTracing({ role: "test", exporter });
    });

    it("a REST call: HTTP span with route, status and request id → domain span → SQL spans", async () => {
      const contract = await createBasic(ids);
      exporter.reset();
      const res = await get(`/v2/subscription-contracts/${contract.id}/`);
      expect(res.status).toBe(200);
      const requestId = res.headers.get("x-request-id");
      expect(requestId).toBeTruthy();

      const spans = exporter.getFinishedSpans();
      const http = spans.find((s) => s.name === "HTTP GET /v2/subscription-contracts/{contractId}/");
      expect(http, spans.map((s) => s.name).join(", ")).toBeDefined();
      expect(http!.attributes).toMatchObject({
        "http.request.method": "GET",
        "http.route": "/v2/subscription-contracts/{contractId}/",
        "http.response.status_code": 200,
        "request.id": requestId,
      });
      const t = traceOf(http!, spans);
      expect(t.parentOf(http!)).toBeUndefined(); // the request's root
      const domain = t.children(http!).find((s) => s.name === "domain GET /v2/subscription-contracts/{contractId}/");
      expect(domain).toBeDefined();
      const sql = t.below(domain!).filter((s) => s.name.startsWith("SQL "));
      expect(sql.length).toBeGreaterThan(0);
      for (const s of sql) {
        expect(s.attributes["db.system.name"]).toBe("postgresql");
        expect(String(s.attributes["db.query.text"])).toMatch(/\S/);
      }
      // the contract's own row is read inside the domain span, by a placeholder, never by its value
      const read = sql.find((s) => /subscription_contracts/.test(String(s.attributes["db.query.text"])));
      expect(read).toBeDefined();
      expect(String(read!.attributes["db.query.text"])).toMatch(/\$1/);
    });

    it("a tRPC call: HTTP span with the request id → tRPC span → domain span → SQL spans", async () => {
      exporter.reset();
      const input = encodeURIComponent(JSON.stringify(transformer.serialize({ q: "", page: 1 })));
      const res = await trpcHandler(
        new Request(`http://test.local/api/trpc/customers.search?input=${input}`, {
          headers: { "x-request-id": "client-picked-id" },
        }),
      );
      expect(res.status, await res.clone().text()).toBe(200);
      const requestId = res.headers.get("x-request-id");
      expect(requestId).toBe("client-picked-id"); // the app server drops it unless a trusted proxy sent it

      const spans = exporter.getFinishedSpans();
      const http = spans.find((s) => s.name === "HTTP GET /trpc/customers.search");
      expect(http, spans.map((s) => s.name).join(", ")).toBeDefined();
      expect(http!.attributes).toMatchObject({ "request.id": requestId, "http.response.status_code": 200 });
      const t = traceOf(http!, spans);
      const procedure = t.children(http!).find((s) => s.name === "tRPC customers.search");
      expect(procedure).toBeDefined();
      expect(procedure!.attributes).toMatchObject({ "request.id": requestId, "rpc.method": "customers.search" });
      const domain = t.below(procedure!).find((s) => s.name === "domain customers.search");
      expect(domain).toBeDefined();
      const sql = t.below(domain!).filter((s) => s.name.startsWith("SQL "));
      expect(sql.length).toBeGreaterThan(0);
      // loading the signed-in user happens before the procedure's work: under the tRPC span, not the domain's
      const before = t.below(procedure!).filter((s) => s.name.startsWith("SQL ") && !sql.includes(s));
      expect(before.length).toBeGreaterThan(0);
    });

    it("a failing domain call marks its spans as errors", async () => {
      exporter.reset();
      const res = await get(`/v2/subscription-contracts/999999999/`);
      expect(res.status).toBe(404);
      const spans = exporter.getFinishedSpans();
      const http = spans.find((s) => s.name === "HTTP GET /v2/subscription-contracts/{contractId}/");
      expect(http!.attributes["http.response.status_code"]).toBe(404);
      const domain = spans.find((s) => s.name === "domain GET /v2/subscription-contracts/{contractId}/");
      expect(domain!.status.code).toBe(2); // SpanStatusCode.ERROR: the DomainError passed through it
      expect(http!.status.code).toBe(0); // a 404 is an answer, not a failure of the service
    });
  });
});
