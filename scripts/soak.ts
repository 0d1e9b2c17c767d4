// `npm run soak`: mixed REST traffic for SOAK_MINUTES (default 3) against the app's route handlers served
// on 127.0.0.1 (in this process), with the worker's billing loop and webhook delivery running alongside on a
// test clock that moves a month every SOAK_CLOCK_SECONDS (10). `npm run soak -- --target http://127.0.0.1:3000`
// drives a running instance instead (loopback only): SOAK_API_KEY is a test-mode account's secret key there,
// SOAK_CUSTOMER_REFERENCE one of its customers (default the demo seed's cust-1001), METRICS_TOKEN the
// instance's metrics token, and its own worker bills and delivers; the clock moves through
// POST /v2/test-clock/advance/. Every minute, read from the server's GET /api/metrics: requests, error rate
// (any non-2xx or network error), p50/p99, the server's RSS and heap, billing lag (contracts past their
// next billing date on their account's clock, and the oldest's lag), unpublished events and pending webhook
// deliveries with the oldest's age. After the load, up to SOAK_DRAIN_SECONDS (120) for the backlog to drain;
// overdue contracts or unpublished events left then count as errors. Targets: 0 errors, flat memory.
// Without --target it uses a new database on DATABASE_URL's server or the embedded one.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error plain ESM helpers
import { provideDatabase } from "./lib/database.mjs";
// @ts-expect-error plain ESM helpers
import { ensureDatabase, exitOnStartFailure } from "./lib/pg.mjs";
// @ts-expect-error plain ESM helpers
import { bin, mustRun } from "./lib/run.mjs";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 3);
const CLOCK_SECONDS = Number(process.env.SOAK_CLOCK_SECONDS ?? 10);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 4);
const DRAIN_SECONDS = Number(process.env.SOAK_DRAIN_SECONDS ?? 120);
/** the customer the new contracts belong to (the demo seed's; on a target, one of that account's references) */
const CUSTOMER = process.env.SOAK_CUSTOMER_REFERENCE ?? "cust-1001";
process.env.LOG_LEVEL ??= "warn";
process.env.WEBHOOKS_ALLOW_LOOPBACK = "1"; // the webhook receiver below is on 127.0.0.1

/** `--target <url>`: a running instance on a loopback address (the soak never drives anything else). */
function targetArg(): URL | null {
  const i = process.argv.indexOf("--target");
  const raw = i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith("--target="))?.slice(9);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`--target: not a URL: ${raw}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol !== "http:" || !(/^127\.\d+\.\d+\.\d+$/.test(host) || host === "::1" || host === "localhost"))
    throw new Error("--target must be http:// on a loopback address (127.0.0.0/8, [::1] or localhost)");
  return url;
}
const target = targetArg();

let errors = 0;
const errorSamples: string[] = [];

interface Own {
  base: string;
  ids: Record<string, number>;
  key: string;
  metricsToken: string;
  setClock: (at: Date) => Promise<unknown>;
  worker: { start: () => Promise<unknown>; stop: () => void };
  close: () => Promise<void>;
}

async function dropDatabase(url: string, name: string) {
  const { default: pg } = await import("pg");
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c
    .query(`drop database if exists "${name}" with (force)`)
    .catch((e) => console.error(`could not drop ${name}: ${e.message}`));
  await c.end();
}

/** This process serves the app (and its metrics route) and runs the worker's loops, on a fresh database. */
async function ownInstance(): Promise<Own> {
  const metricsToken = randomBytes(16).toString("hex");
  process.env.METRICS_TOKEN = metricsToken;
  // imported after the environment is set (the logger reads LOG_LEVEL when loaded)
  const { reloadConfig } = await import("@/server/config");
  const { getDb } = await import("@/server/db");
  const { toRouteHandler } = await import("@/server/http/route");
  const { metricsResponse } = await import("@/server/http/meta");
  const { endpoints } = await import("@/server/http/registry");
  const { seedDemo } = await import("@/server/seed/demo");
  const { billChunk, dueChunks, webhooksTick } = await import("@/server/worker/billing");

  // a fresh database per run (on the embedded server or the one in DATABASE_URL), dropped at the end: a
  // backlog left by an earlier run would be measured too
  const db = await provideDatabase({ dbName: "postgres" }).catch(exitOnStartFailure);
  const dbName = `soak_${Date.now().toString(36)}`;
  const admin = new URL(db.url);
  const soakUrl = new URL(db.url);
  soakUrl.pathname = `/${dbName}`;
  await ensureDatabase(admin.toString(), dbName);
  process.env.DATABASE_URL = soakUrl.toString();
  reloadConfig(); // the service's modules read the configuration when they were loaded
  await mustRun(bin("prisma"), ["migrate", "deploy"], { env: process.env, quiet: true });

  // the app: every registry operation, routed like Next.js does (path params, with or without the slash)
  const routes = endpoints.map((e) => {
    const names: string[] = [];
    const re = new RegExp(`^/api${e.path.replace(/\{(\w+)\}/g, (_, n) => (names.push(n), "([^/]+)"))}?$`);
    return { e, re, names, handler: toRouteHandler(e) };
  });
  const app = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = req.headers as Record<string, string>;
    const send = async (out: Response) => {
      res.writeHead(out.status, Object.fromEntries(out.headers));
      res.end(Buffer.from(await out.arrayBuffer()));
    };
    if (url.pathname === "/api/metrics" && req.method === "GET")
      return send(await metricsResponse(new Request(`http://127.0.0.1${req.url}`, { headers })));
    for (const r of routes) {
      const m = r.e.method === req.method ? r.re.exec(url.pathname) : null;
      if (!m) continue;
      const params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      return send(
        await r.handler(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }), {
          params: Promise.resolve(params),
        }),
      );
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => app.listen(0, "127.0.0.1", r));

  // data: a fresh test-mode account
  const tag = `soak_${Date.now().toString(36)}`;
  await getDb().user.updateMany({
    where: { email: "other-admin@example.com" },
    data: { email: `other-admin-${tag}@example.com` },
  });
  const seed = await seedDemo(getDb(), {
    secretKey: `sk_test_${tag}`,
    publicKey: `pk_test_${tag}`,
    tokenKey: `tok${tag}`,
    otherSecretKey: `sk_test_o${tag}`,
    adminEmail: `${tag}@example.com`,
  });

  // the worker: billing and webhook delivery as two loops (separate jobs in scripts/worker.ts), each
  // pausing a second between passes
  let running = true;
  const loop = (name: string, pass: () => Promise<unknown>) =>
    (async () => {
      while (running) {
        try {
          await pass();
        } catch (e) {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(`${name}: ${(e as Error).message.slice(0, 300)}`);
        }
        await new Promise((r) => setTimeout(r, 1_000));
      }
    })();
  return {
    base: `http://127.0.0.1:${(app.address() as AddressInfo).port}/api`,
    ids: seed.ids as unknown as Record<string, number>,
    key: `sk_test_${tag}`,
    metricsToken,
    setClock: (at) => getDb().account.update({ where: { id: seed.accountId }, data: { testClockAt: at } }),
    worker: {
      start: () =>
        Promise.all([
          loop("billing", async () => {
            for (const chunk of await dueChunks(getDb())) if (running) await billChunk(getDb(), chunk);
          }),
          loop("webhooks", () => webhooksTick(getDb())),
        ]),
      stop: () => {
        running = false;
      },
    },
    close: async () => {
      await new Promise((r) => app.close(r));
      await getDb().$disconnect();
      await dropDatabase(admin.toString(), dbName);
      await db.stop();
    },
  };
}

const own = target ? null : await ownInstance();
const base = own ? own.base : `${target?.origin}/api`;
const key = own ? own.key : process.env.SOAK_API_KEY;
const metricsToken = own ? own.metricsToken : process.env.METRICS_TOKEN;
if (!key) throw new Error("--target needs SOAK_API_KEY: the secret key of a test-mode account on the target");
if (!metricsToken) console.warn("METRICS_TOKEN is not set: the server's memory and backlog cannot be read");

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 1 });
const auth = { authorization: `Api-Key ${key}`, "content-type": "application/json" };

function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve) => {
    const req = http.request(`${base}${path}`, { method, agent, headers: auth, timeout: 30_000 }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, json: null }));
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** What the server says about itself on GET /api/metrics: its memory and backlogs (null: not exposed). */
interface ServerState {
  rss: number | null;
  heap: number | null;
  overdue: number | null;
  overdueLagSeconds: number | null;
  unpublished: number | null;
  pendingDeliveries: number | null;
  oldestPendingSeconds: number | null;
}
async function serverState(): Promise<ServerState | null> {
  if (!metricsToken) return null;
  const text = await new Promise<string | null>((resolve) => {
    const req = http.get(
      `${base}/metrics`,
      { agent, headers: { authorization: `Bearer ${metricsToken}` }, timeout: 30_000 },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve(res.statusCode === 200 ? body : null));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(null));
  });
  if (text === null) return null;
  const value = (name: string) => {
    const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([-\\d.e+]+)$`, "m").exec(text);
    return m ? Number(m[1]) : null;
  };
  return {
    rss: value("process_resident_memory_bytes"),
    heap: value("nodejs_heap_size_used_bytes"),
    overdue: value("billing_overdue_contracts"),
    overdueLagSeconds: value("billing_overdue_oldest_seconds"),
    unpublished: value("outbox_events_unpublished"),
    pendingDeliveries: value("webhook_deliveries_pending"),
    oldestPendingSeconds: value("webhook_deliveries_oldest_pending_seconds"),
  };
}

/** The prices the request mix uses; on a target, the account's first recurring prices of one currency. */
async function targetIds(): Promise<Record<string, number>> {
  const prices = await call("GET", "/v2/catalog/prices/");
  if (prices.status !== 200 || !Array.isArray(prices.json))
    throw new Error(`--target: GET /v2/catalog/prices/ answered ${prices.status}`);
  const all = prices.json.filter((p: any) => p.billing_type === "recurring");
  if (!all.length) throw new Error("--target: the account has no recurring price to subscribe to");
  // one contract, one currency: the first recurring price's
  const recurring = all.filter((p: any) => p.currency === all[0].currency);
  const pick = (i: number) => recurring[i % recurring.length].id as number;
  return { sportsMonthly: pick(0), basicMonthly: pick(1), kidsMonthly: pick(2) };
}
const ids: Record<string, number> = own ? own.ids : await targetIds();

// the account's test clock a year ahead of real time (the account clock is the later one), then a month
// further every CLOCK_SECONDS; on a target through the REST test clock, which bills what is due as well
let clockAt = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 10));
async function moveClock(at: Date): Promise<void> {
  if (own) {
    await own.setClock(at);
    return;
  }
  const r = await call("POST", "/v2/test-clock/advance/", { to: at.toISOString() });
  if (r.status !== 200) throw new Error(`test-clock advance: ${r.status} ${JSON.stringify(r.json)?.slice(0, 200)}`);
}
if (!own) {
  // a clock only moves forward: start from the target account's clock if an earlier run left it later
  const r = await call("POST", "/v2/test-clock/advance/", { seconds: 0 });
  if (r.status !== 200) throw new Error(`--target: POST /v2/test-clock/advance/ answered ${r.status}`);
  const current = new Date(r.json.test_clock_at);
  if (current > clockAt) clockAt = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() + 1, 10));
}
await moveClock(clockAt);

let webhooks = 0;
const hook = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    webhooks++;
    res.end("ok");
  });
});
await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
{
  const r = await call("POST", "/v2/webhook-endpoints/", {
    url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
  });
  // a target without WEBHOOKS_ALLOW_LOOPBACK refuses the receiver: its deliveries are not exercised then
  if (r.status !== 201) console.warn(`webhook receiver not registered (HTTP ${r.status}); no deliveries to this run`);
}
const contracts: number[] = [];
// one write in eight requests
const mix: (() => Promise<{ status: number; json: any }>)[] = [
  () => call("GET", "/v2/catalog/products/"),
  () => call("POST", "/v2/subscription-offer-quotes/", { items: [{ price: ids.sportsMonthly }] }),
  () => call("GET", "/v2/customers/"),
  () =>
    call("POST", "/v2/subscription-offer-quotes/", {
      items: [{ price: ids.basicMonthly, quantity: 2 }, { price: ids.kidsMonthly }],
    }),
  () => call("GET", "/v2/subscription-contracts/?page_size=20"),
  () => call("GET", "/v2/billing-runs/?page_size=10"),
  () =>
    contracts.length
      ? call("GET", `/v2/subscription-contracts/${contracts[contracts.length - 1]}/`)
      : call("GET", "/v2/customers/"),
  async () => {
    const r = await call("POST", "/v2/subscription-contracts/", {
      customer_reference: CUSTOMER,
      items: [{ price: ids.basicMonthly }],
    });
    if (r.status === 201) contracts.push(r.json.id);
    return r;
  },
];

const deadline = Date.now() + MINUTES * 60_000;
let window: number[] = [];
let total = 0;
const clients = Array.from({ length: CLIENTS }, async (_, c) => {
  for (let n = c; Date.now() < deadline; n++) {
    const t = performance.now();
    const r = await mix[n % mix.length]();
    window.push(performance.now() - t);
    total++;
    if (r.status < 200 || r.status >= 300) {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(`${r.status} ${JSON.stringify(r.json)?.slice(0, 200)}`);
    }
  }
});

const worker = own ? own.worker.start() : Promise.resolve();
const clock = setInterval(() => {
  clockAt = new Date(Date.UTC(clockAt.getUTCFullYear(), clockAt.getUTCMonth() + 1, 10));
  moveClock(clockAt).then(
    () => {},
    (e) => {
      errors++;
      errorSamples.push(`clock: ${e.message.slice(0, 200)}`);
    },
  );
}, CLOCK_SECONDS * 1000);

const mb = (b: number | null | undefined) => (b == null ? "?" : `${(b / 1048576).toFixed(1)} MB`);
const num = (v: number | null) => (v === null ? "?" : String(v));
const secs = (v: number | null) => (v === null ? "?" : `${Math.round(v)} s`);
const pct = (xs: number[], p: number) =>
  xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : 0;
const backlog = (s: ServerState | null) =>
  s
    ? `overdue contracts ${num(s.overdue)} (lag ${secs(s.overdueLagSeconds)}), unpublished events ${num(s.unpublished)}, pending deliveries ${num(s.pendingDeliveries)} (oldest ${secs(s.oldestPendingSeconds)})`
    : "server metrics unavailable";
let minute = 0;
let lastErrors = 0;
const report = async (last = false) => {
  // the label is taken before the scrape: a report awaiting it may overlap the next one
  const label = last ? "end" : `minute ${++minute}`;
  const xs = window.sort((a, b) => a - b);
  window = [];
  const s = await serverState();
  const newErrors = errors - lastErrors;
  lastErrors = errors;
  console.log(
    `${label}: ${xs.length} requests, errors ${newErrors} (${((100 * newErrors) / Math.max(1, xs.length)).toFixed(2)} %), p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms; server rss ${mb(s?.rss)}, heap ${mb(s?.heap)}; ${backlog(s)}; contracts ${contracts.length}, webhooks received ${webhooks}, clock ${clockAt.toISOString().slice(0, 10)}`,
  );
};
console.log(
  `soak: ${MINUTES} min, ${CLIENTS} clients against ${base} (${own ? "served by this process" : "a running instance"}), clock +1 month every ${CLOCK_SECONDS} s, then up to ${DRAIN_SECONDS} s to drain`,
);
const ticker = setInterval(() => void report(), 60_000);
await Promise.all(clients);
clearInterval(ticker);
clearInterval(clock);
if (window.length) await report(true); // the last partial minute

// the drain window: the worker catches up with the clock; a backlog left after it is lag that a run's error
// count alone would hide
const drainStart = Date.now();
const backlogLeft = (s: ServerState | null) => !!s && ((s.overdue ?? 0) > 0 || (s.unpublished ?? 0) > 0);
let state = await serverState();
while (backlogLeft(state) && Date.now() - drainStart < DRAIN_SECONDS * 1000) {
  await new Promise((r) => setTimeout(r, 5_000));
  state = await serverState();
}
console.log(`after ${Math.round((Date.now() - drainStart) / 1000)} s of drain: ${backlog(state)}`);
if (state && backlogLeft(state)) {
  errors++;
  errorSamples.unshift(
    `backlog after the drain window: ${state.overdue} overdue contracts, ${state.unpublished} unpublished events`,
  );
}
own?.worker.stop();
// bounded: a pass still running gets 30 s to finish its current chunk
await Promise.race([worker, new Promise((r) => setTimeout(r, 30_000).unref())]);
console.log(
  `total: ${total} requests, ${errors} errors (${((100 * errors) / Math.max(1, total)).toFixed(3)} %)${errorSamples.length ? `; first: ${errorSamples.join(" | ")}` : ""}`,
);
agent.destroy();
await new Promise((r) => hook.close(r));
await own?.close();
process.exit(errors ? 1 : 0);
