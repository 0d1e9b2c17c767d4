// `npm run soak`: mixed REST traffic for SOAK_MINUTES (default 3) against the app's route handlers served
// on 127.0.0.1 (in this process, so the memory printed is the app's), with the worker's billing loop and
// webhook delivery running alongside on a test clock that moves a month every SOAK_CLOCK_SECONDS (10).
// Every minute: requests, error rate (any non-2xx or network error), p50/p99, RSS and heap. Targets: 0
// errors, flat memory. Uses a new database on DATABASE_URL's server or the embedded one; loopback only.
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
process.env.LOG_LEVEL ??= "warn";
process.env.WEBHOOKS_ALLOW_LOOPBACK = "1"; // the webhook receiver below is on 127.0.0.1
// imported after the environment is set (the logger reads LOG_LEVEL when loaded)
const { reloadConfig } = await import("@/server/config");
const { getDb } = await import("@/server/db");
const { toRouteHandler } = await import("@/server/http/route");
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
  for (const r of routes) {
    const m = r.e.method === req.method ? r.re.exec(url.pathname) : null;
    if (!m) continue;
    const params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const out = await r.handler(
      new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body,
      }),
      { params: Promise.resolve(params) },
    );
    res.writeHead(out.status, Object.fromEntries(out.headers));
    res.end(Buffer.from(await out.arrayBuffer()));
    return;
  }
  res.writeHead(404).end();
});
await new Promise<void>((r) => app.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api`;

// data: a fresh test-mode account, its clock a year ahead of real time (the account clock is the later one)
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
let clockAt = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 10));
await getDb().account.update({ where: { id: seed.accountId }, data: { testClockAt: clockAt } });

let webhooks = 0;
const hook = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    webhooks++;
    res.end("ok");
  });
});
await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
const auth = { authorization: `Api-Key sk_test_${tag}`, "content-type": "application/json" };

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

await call("POST", "/v2/webhook-endpoints/", { url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook` });
const ids = seed.ids;
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
      customer_reference: "cust-1001",
      items: [{ price: ids.basicMonthly }],
    });
    if (r.status === 201) contracts.push(r.json.id);
    return r;
  },
];

const deadline = Date.now() + MINUTES * 60_000;
let window: number[] = [];
let errors = 0;
const errorSamples: string[] = [];
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

// the worker: billing and webhook delivery as two loops (separate jobs in scripts/worker.ts), each
// pausing a second between passes; the test clock moves a month at a time
let billing = true;
const loop = (name: string, pass: () => Promise<unknown>) =>
  (async () => {
    while (billing) {
      try {
        await pass();
      } catch (e) {
        errors++;
        if (errorSamples.length < 5) errorSamples.push(`${name}: ${(e as Error).message.slice(0, 300)}`);
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
  })();
const worker = Promise.all([
  loop("billing", async () => {
    for (const chunk of await dueChunks(getDb())) if (billing) await billChunk(getDb(), chunk);
  }),
  loop("webhooks", () => webhooksTick(getDb())),
]);
const clock = setInterval(() => {
  clockAt = new Date(Date.UTC(clockAt.getUTCFullYear(), clockAt.getUTCMonth() + 1, 10));
  // (a Prisma query runs only once awaited or then-ed)
  getDb()
    .account.update({ where: { id: seed.accountId }, data: { testClockAt: clockAt } })
    .then(
      () => {},
      (e) => {
        errors++;
        errorSamples.push(`clock: ${e.message.slice(0, 200)}`);
      },
    );
}, CLOCK_SECONDS * 1000);

async function dropDatabase(url: string, name: string) {
  const { default: pg } = await import("pg");
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c
    .query(`drop database if exists "${name}" with (force)`)
    .catch((e) => console.error(`could not drop ${name}: ${e.message}`));
  await c.end();
}

const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
const pct = (xs: number[], p: number) =>
  xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : 0;
let minute = 0;
let lastErrors = 0;
const report = async (last = false) => {
  minute++;
  const xs = window.sort((a, b) => a - b);
  window = [];
  const m = process.memoryUsage();
  const runs = await getDb().billingRun.count({ where: { accountId: seed.accountId } });
  const newErrors = errors - lastErrors;
  lastErrors = errors;
  console.log(
    `${last ? "end" : `minute ${minute}`}: ${xs.length} requests, errors ${newErrors} (${((100 * newErrors) / Math.max(1, xs.length)).toFixed(2)} %), p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, rss ${mb(m.rss)}, heap ${mb(m.heapUsed)}; contracts ${contracts.length}, runs ${runs}, webhooks ${webhooks}, clock ${clockAt.toISOString().slice(0, 10)}`,
  );
};
console.log(
  `soak: ${MINUTES} min, ${CLIENTS} clients against ${base} (loopback), clock +1 month every ${CLOCK_SECONDS} s`,
);
const ticker = setInterval(() => void report(), 60_000);
await Promise.all(clients);
clearInterval(ticker);
clearInterval(clock);
billing = false;
// bounded: a pass still running gets 30 s to finish its current chunk
await Promise.race([worker, new Promise((r) => setTimeout(r, 30_000).unref())]);
if (window.length) await report(true); // the last partial minute
console.log(
  `total: ${total} requests, ${errors} errors (${((100 * errors) / Math.max(1, total)).toFixed(3)} %)${errorSamples.length ? `; first: ${errorSamples.join(" | ")}` : ""}`,
);
agent.destroy();
await new Promise((r) => app.close(r));
await new Promise((r) => hook.close(r));
await getDb().$disconnect();
await dropDatabase(admin.toString(), dbName);
await db.stop();
process.exit(errors ? 1 : 0);
