// The process's Prometheus metrics (prom-client), served by GET /api/metrics (server/http/meta.ts): requests
// per route family (the registry's path template, or the tRPC procedure), method and status class, with their
// latency; the database pools of this process; prom-client's default process metrics (memory, CPU, event
// loop); and, read on each scrape, what the database holds across accounts (server/domain/ops/gauges.ts).
// Kept on globalThis: Next.js may load this module once per route bundle, and one process has one registry.
import client from "prom-client";
import { operatorGauges } from "@/server/domain/ops/gauges";
import { systemClock } from "./clock";
import { getDb, poolUse } from "./db";

function build() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const labels = ["route", "method", "status"] as const;
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new client.Gauge({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    requests: new client.Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by route template, method and status class (2xx, 4xx, 5xx).",
      labelNames: labels,
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time from receiving a request to its answer, by route template, method and status class.",
      labelNames: labels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    runs: gauge("billing_runs", "Billing runs by state (all accounts).", ["state"]),
    attempts: gauge("billing_attempts", "Billing attempts by outcome (all accounts).", ["outcome"]),
    webhooksPending: gauge("webhook_deliveries_pending", "Webhook deliveries waiting to be delivered."),
    webhooksOldest: gauge(
      "webhook_deliveries_oldest_pending_seconds",
      "Age of the oldest pending webhook delivery; 0 when none waits.",
    ),
    overdueContracts: gauge(
      "billing_overdue_contracts",
      "Contracts whose next billing date has passed on their account's clock and that are not billed yet.",
    ),
    overdueSeconds: gauge(
      "billing_overdue_oldest_seconds",
      "How far the most overdue contract is behind its next billing date; 0 when none is.",
    ),
    outboxUnpublished: gauge("outbox_events_unpublished", "Events not yet turned into webhook deliveries."),
    outboxOldest: gauge(
      "outbox_events_oldest_unpublished_seconds",
      "Age of the oldest unpublished event; 0 when none waits.",
    ),
    queueDepth: gauge("job_queue_depth", "pg-boss jobs not yet started, by queue.", ["queue"]),
    queueOldest: gauge("job_queue_oldest_seconds", "Age of the oldest pg-boss job not yet started, by queue.", [
      "queue",
    ]),
    pool: gauge("db_pool_connections", "Connections of this process's database pools, by pool and state.", [
      "pool",
      "state",
    ]),
  };
}
type Metrics = ReturnType<typeof build>;

declare global {
  var __metrics: Metrics | undefined;
}
const metrics = (): Metrics => (globalThis.__metrics ??= build());

/** One answered request: `route` is a template (never a raw path, so the label set stays bounded). */
export function observeRequest(route: string, method: string, status: number, seconds: number) {
  const labels = { route, method, status: `${Math.floor(status / 100)}xx` };
  const m = metrics();
  m.requests.inc(labels);
  m.duration.observe(labels, seconds);
}

/** The text exposition: the database gauges read now (one query each), then every metric of the registry. */
export async function renderMetrics(): Promise<{ text: string; contentType: string }> {
  const m = metrics();
  const g = await operatorGauges({ db: getDb(), clock: systemClock });
  // reset first: a state or queue that emptied out disappears instead of keeping its last value
  for (const gauge of [m.runs, m.attempts, m.queueDepth, m.queueOldest, m.pool]) gauge.reset();
  for (const r of g.runsByState) m.runs.set({ state: r.state }, r.count);
  for (const a of g.attemptsByOutcome) m.attempts.set({ outcome: a.outcome }, a.count);
  m.webhooksPending.set(g.webhooks.pending);
  m.webhooksOldest.set(g.webhooks.oldestPendingSeconds);
  m.overdueContracts.set(g.overdue.contracts);
  m.overdueSeconds.set(g.overdue.oldestSeconds);
  m.outboxUnpublished.set(g.outbox.unpublished);
  m.outboxOldest.set(g.outbox.oldestSeconds);
  for (const q of g.queues) {
    m.queueDepth.set({ queue: q.queue }, q.depth);
    m.queueOldest.set({ queue: q.queue }, q.oldestSeconds);
  }
  for (const p of poolUse()) {
    m.pool.set({ pool: p.pool, state: "total" }, p.total);
    m.pool.set({ pool: p.pool, state: "idle" }, p.idle);
    m.pool.set({ pool: p.pool, state: "waiting" }, p.waiting);
  }
  return { text: await m.registry.metrics(), contentType: m.registry.contentType };
}
