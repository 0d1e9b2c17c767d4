// `npm run bench:quote`: quotes per second for a ten-line bundle quote, in process and over HTTP,
// with p50/p99, next to a trivial route handler on the same server in the same run.
// Uses DATABASE_URL or the embedded server (database "bench"); BENCH_URL points at a running app instead
// of starting one (it must use the same database). Prints figures; asserts nothing.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { systemClock } from "../../server/clock";
import { getDb } from "../../server/db";
import { createApiKey } from "../../server/domain/auth/apiKeys";
import { createQuote } from "../../server/domain/quotes/quotes";
import { offerInput } from "../../server/schemas/offers";
// @ts-expect-error plain ESM helpers
import { provideDatabase } from "../lib/database.mjs";
// @ts-expect-error plain ESM helpers
import { freePort } from "../lib/pg.mjs";
// @ts-expect-error plain ESM helpers
import { mustRun } from "../lib/run.mjs";

const N = Number(process.env.BENCH_N ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

async function setup() {
  const db = getDb();
  const account = await db.account.create({ data: { name: `Bench ${Date.now()}`, mode: "test" } });
  const key = (await createApiKey(db, account.id, "secret", "bench")).key;
  const rate = await db.taxRate.create({ data: { accountId: account.id, name: "VAT 24%", percentage: "24" } });
  const items = [];
  for (let i = 0; i < 10; i++) {
    const product = await db.catalogProduct.create({ data: { accountId: account.id, name: `Bench product ${i}`, taxPolicy: i % 2 ? "exclusive" : "inclusive", taxRateId: rate.id } });
    const price = await db.catalogPrice.create({
      data: { accountId: account.id, productId: product.id, currency: "EUR", billingType: "recurring", recurrenceType: "interval", interval: "month", intervalCount: 1, billingDayOfMonth: 1, versions: { create: { unitAmount: `${10 + i}.9900` } } },
    });
    items.push({ productId: product.id, priceId: price.id, displayOrder: i });
  }
  const bundle = await db.bundleTemplate.create({
    data: { accountId: account.id, name: "Ten-line bundle", defaultCurrency: "EUR", items: { create: items.map((it) => ({ productId: it.productId, defaultPriceId: it.priceId, required: true, priceOptionScope: "fixed", displayOrder: it.displayOrder })) } },
    include: { items: true },
  });
  const body = { bundle_template: bundle.id, bundle_quantity: 2, bundle_item_selections: bundle.items.slice(0, 3).map((it) => ({ bundle_item: it.id, quantity: 2, discount_percent: "10" })) };
  return { accountId: account.id, key, body };
}

async function inProcess(accountId: number, body: unknown) {
  const ctx = { db: getDb(), accountId, clock: systemClock };
  const input = offerInput.parse(body);
  for (let i = 0; i < 200; i++) await createQuote(ctx, input); // warm-up
  const times: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const s = performance.now();
    await createQuote(ctx, offerInput.parse(body));
    times.push(performance.now() - s);
  }
  const total = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { rps: N / total, p50: pct(times, 50), p99: pct(times, 99) };
}

async function load(url: string, init: RequestInit) {
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const s = performance.now();
      const r = await fetch(url, init);
      await r.arrayBuffer();
      if (!r.ok) errors++;
      times.push(performance.now() - s);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const total = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { rps: times.length / total, p50: pct(times, 50), p99: pct(times, 99), errors };
}

async function startApp(dbUrl: string): Promise<{ url: string; stop: () => void }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, stop: () => {} };
  if (!existsSync(".next/BUILD_ID")) await mustRun("node_modules/.bin/next", ["build"], { quiet: true });
  const port = await freePort(3200);
  const child = spawn("node_modules/.bin/next", ["start", "-p", String(port)], { env: { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: "warn" }, stdio: "ignore" });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 200; i++) {
    try { if ((await fetch(`${url}/api/health`)).ok) break; } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop: () => child.kill("SIGTERM") };
}

const database = await provideDatabase({ dbName: "bench" });
process.env.DATABASE_URL = database.url;
await mustRun("node_modules/.bin/prisma", ["migrate", "deploy"], { env: process.env, quiet: true });
const { accountId, key, body } = await setup();

const ip = await inProcess(accountId, body);
console.log(`in-process quote (10 lines):  ${ip.rps.toFixed(0)} quotes/s   p50 ${fmt(ip.p50)}   p99 ${fmt(ip.p99)}   (target p50 < 2 ms)`);

const app = await startApp(database.url);
try {
  const headers = { authorization: `Api-Key ${key}`, "content-type": "application/json" };
  await load(`${app.url}/api/ping`, {}); // warm-up both routes
  const quoteInit = { method: "POST", headers, body: JSON.stringify(body) };
  await load(`${app.url}/api/v2/subscription-offer-quotes/`, quoteInit);
  const trivial = await load(`${app.url}/api/ping`, {});
  const quote = await load(`${app.url}/api/v2/subscription-offer-quotes/`, quoteInit);
  console.log(`HTTP trivial route:            ${trivial.rps.toFixed(0)} req/s      p50 ${fmt(trivial.p50)}   p99 ${fmt(trivial.p99)}   errors ${trivial.errors}`);
  console.log(`HTTP quote (10 lines):         ${quote.rps.toFixed(0)} quotes/s   p50 ${fmt(quote.p50)}   p99 ${fmt(quote.p99)}   errors ${quote.errors}`);
  console.log(`HTTP quote / trivial:          ${((quote.rps / trivial.rps) * 100).toFixed(1)}%   (target ≥ 70%; concurrency ${CONCURRENCY}, ${SECONDS}s each)`);
} finally {
  app.stop();
  await getDb().$disconnect();
  await database.stop();
}
process.exit(0);
