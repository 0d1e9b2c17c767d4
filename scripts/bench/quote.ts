// `npm run bench:quote`: quotes per second for a ten-line bundle quote, in process and over HTTP,
// with p50/p99, next to trivial route handlers (a GET, and a POST that only parses the same JSON body) on
// the same server in the same run. BENCH_HOLD=<file> keeps the app up for ad-hoc runs instead, and
// BENCH_PROFILE=<dir> writes the server's CPU profile there.
// Uses DATABASE_URL or the embedded server (database "bench"); BENCH_URL points at a running app instead
// of starting one (it must use the same database). Prints figures; asserts nothing.
import http from "node:http";
// @ts-expect-error plain ESM helpers
import { provideDatabase } from "@/scripts/lib/database.mjs";
// @ts-expect-error plain ESM helpers
import { mustRun } from "@/scripts/lib/run.mjs";
import { systemClock } from "@/server/clock";
import { reloadConfig } from "@/server/config";
import { getDb, getPgPool } from "@/server/db";
import { createApiKey } from "@/server/domain/auth/apiKeys";
import { createQuote } from "@/server/domain/quotes/quotes";
import { offerInput } from "@/server/schemas/offers";
import { startApp } from "./app-server";

const N = Number(process.env.BENCH_N ?? 2000);
// many short alternating rounds: on a shared machine throughput drifts by ±15 % within seconds, so each
// quote round is compared with the trivial round next to it and the median of those ratios is reported
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
/** the run with the median throughput */
const median = <T extends { rps: number }>(runs: T[]) =>
  [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
const sum = (runs: { errors: number }[]) => runs.reduce((a, r) => a + r.errors, 0);

async function setup() {
  const db = getDb();
  const account = await db.account.create({ data: { name: `Bench ${Date.now()}`, mode: "test" } });
  const key = (await createApiKey(db, account.id, "secret", "bench")).key;
  const rate = await db.taxRate.create({ data: { accountId: account.id, name: "VAT 24%", percentage: "24" } });
  const items = [];
  for (let i = 0; i < 10; i++) {
    const product = await db.catalogProduct.create({
      data: {
        accountId: account.id,
        name: `Bench product ${i}`,
        taxPolicy: i % 2 ? "exclusive" : "inclusive",
        taxRateId: rate.id,
      },
    });
    const price = await db.catalogPrice.create({
      data: {
        accountId: account.id,
        productId: product.id,
        currency: "EUR",
        billingType: "recurring",
        recurrenceType: "interval",
        interval: "month",
        intervalCount: 1,
        billingDayOfMonth: 1,
        versions: { create: { unitAmount: `${10 + i}.9900` } },
      },
    });
    items.push({ productId: product.id, priceId: price.id, displayOrder: i });
  }
  const bundle = await db.bundleTemplate.create({
    data: {
      accountId: account.id,
      name: "Ten-line bundle",
      defaultCurrency: "EUR",
      items: {
        create: items.map((it) => ({
          productId: it.productId,
          defaultPriceId: it.priceId,
          required: true,
          priceOptionScope: "fixed",
          displayOrder: it.displayOrder,
        })),
      },
    },
    include: { items: true },
  });
  const body = {
    bundle_template: bundle.id,
    bundle_quantity: 2,
    bundle_item_selections: bundle.items
      .slice(0, 3)
      .map((it) => ({ bundle_item: it.id, quantity: 2, discount_percent: "10" })),
  };
  return { accountId: account.id, key, body };
}

function inProcessQuote(accountId: number, body: unknown) {
  return createQuote({ db: getDb(), accountId, clock: systemClock }, offerInput.parse(body));
}

async function inProcess(accountId: number, body: unknown) {
  for (let i = 0; i < 200; i++) await inProcessQuote(accountId, body); // warm-up
  const times: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const s = performance.now();
    await inProcessQuote(accountId, body);
    times.push(performance.now() - s);
  }
  const total = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { rps: N / total, p50: pct(times, 50), p99: pct(times, 99) };
}

// The load generator shares the machine's cores with the server, so it is kept lean: node:http with
// keep-alive sockets (fetch costs the generator about as much CPU as the server's trivial route).
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
/** `body` may be a function: a new body per request (each one a different quote). */
interface Req {
  method?: string;
  headers?: Record<string, string>;
  body?: string | (() => string);
}

function send(url: URL, r: Req): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = typeof r.body === "function" ? r.body() : r.body;
    const headers = { ...r.headers, ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}) };
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname, method: r.method ?? "GET", headers },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function load(target: string, r: Req) {
  const url = new URL(target);
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const s = performance.now();
      const status = await send(url, r);
      if (status >= 300) errors++;
      times.push(performance.now() - s);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const total = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { rps: times.length / total, p50: pct(times, 50), p99: pct(times, 99), errors };
}

const database = await provideDatabase({ dbName: "bench" });
process.env.DATABASE_URL = database.url;
reloadConfig(); // the modules imported above read the configuration when they were loaded
await mustRun("node_modules/.bin/prisma", ["migrate", "deploy"], { env: process.env, quiet: true });
const { accountId, key, body } = await setup();

const ip = await inProcess(accountId, body);
console.log(
  `in-process quote (10 lines):  ${ip.rps.toFixed(0)} quotes/s   p50 ${fmt(ip.p50)}   p99 ${fmt(ip.p99)}   (target p50 < 2 ms)`,
);

const app = await startApp(database.url);
try {
  if (process.env.BENCH_HOLD) {
    // keeps the app up for ad-hoc load runs: writes url, key and body to the named file, waits for Ctrl-C
    (await import("node:fs")).writeFileSync(
      process.env.BENCH_HOLD,
      JSON.stringify({ url: app.url, key, body, accountId, databaseUrl: database.url }),
    );
    await new Promise((r) => process.once("SIGINT", r));
  } else {
    const headers = { authorization: `Api-Key ${key}`, "content-type": "application/json" };
    const quoteReq = { method: "POST", headers, body: JSON.stringify(body) };
    // a different body every time (metadata, and the first selection's quantity cycling through 1–20):
    // never served from the per-second memo
    let n = 0;
    const distinct = () => {
      const [first, ...rest] = body.bundle_item_selections;
      return JSON.stringify({
        ...body,
        bundle_item_selections: [{ ...first, quantity: 1 + (n % 20) }, ...rest],
        metadata: { n: String(n++) },
      });
    };
    const distinctReq = { method: "POST", headers, body: distinct };
    const trivialUrl = `${app.url}/api/ping`;
    const quoteUrl = `${app.url}/api/v2/subscription-offer-quotes/`;
    const postReq = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const quoteBytes = JSON.stringify(await inProcessQuote(accountId, body)).length;
    const floorUrl = `${trivialUrl}?bytes=${quoteBytes}`;
    const routes = {
      get: [trivialUrl, {}],
      post: [trivialUrl, postReq],
      floor: [floorUrl, postReq],
      quote: [quoteUrl, quoteReq],
      distinct: [quoteUrl, distinctReq],
    } as const;
    for (const [u, r] of Object.values(routes)) await load(u, r); // warm-up
    // alternating rounds, so drift on a shared machine hits every route alike; medians are reported
    type Run = Awaited<ReturnType<typeof load>>;
    const runs: Record<keyof typeof routes, Run[]> = { get: [], post: [], floor: [], quote: [], distinct: [] };
    for (let i = 0; i < ROUNDS; i++)
      for (const [name, [u, r]] of Object.entries(routes)) runs[name as keyof typeof routes].push(await load(u, r));
    const m = {
      get: median(runs.get),
      post: median(runs.post),
      floor: median(runs.floor),
      quote: median(runs.quote),
      distinct: median(runs.distinct),
    };
    const line = (name: string, k: keyof typeof routes, unit = "req/s   ") =>
      console.log(
        `${name.padEnd(40)}${m[k].rps.toFixed(0)} ${unit}   p50 ${fmt(m[k].p50)}   p99 ${fmt(m[k].p99)}   errors ${sum(runs[k])}`,
      );
    /** median and middle half of the per-round ratios a/b */
    const ratio = (a: keyof typeof routes, b: keyof typeof routes) => {
      const rs = runs[a].map((r, i) => (r.rps / runs[b][i].rps) * 100).sort((x, y) => x - y);
      const at = (q: number) => rs[Math.min(rs.length - 1, Math.floor(q * rs.length))].toFixed(0);
      return `${at(0.5).padStart(3)}%   (middle half of rounds ${at(0.25)}–${at(0.75)}%)`;
    };
    line("HTTP trivial route (GET):", "get");
    line("HTTP trivial route (POST JSON):", "post");
    line(`HTTP trivial POST, ${quoteBytes} B response:`, "floor");
    line("HTTP quote (10 lines):", "quote", "quotes/s");
    line("HTTP quote, every request distinct:", "distinct", "quotes/s");
    console.log(
      `${ROUNDS} alternating rounds of ${SECONDS}s per route, concurrency ${CONCURRENCY}; ratios are medians of per-round ratios`,
    );
    console.log(`HTTP quote / trivial GET:               ${ratio("quote", "get")}   target ≥ 70%`);
    console.log(
      `HTTP distinct quotes / trivial GET:     ${ratio("distinct", "get")}   (no request repeats: nothing served from the memo)`,
    );
    console.log(
      `HTTP quote / trivial POST:              ${ratio("quote", "post")}   (the same JSON body read and parsed, nothing else)`,
    );
    console.log(
      `framework floor / trivial GET:          ${ratio("floor", "get")}   (same body in, same-size JSON out, no work)`,
    );
  }
} finally {
  await app.stop();
  await getDb().$disconnect();
  await getPgPool().end(); // before the database goes away, or its idle connections error out
  await database.stop();
}
process.exit(0);
