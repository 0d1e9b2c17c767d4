// Issue 34 item 2: N app processes and M workers on one database behave as one service (docs/deployment.md,
// "Layout"). Two app servers and three billing workers, started with the commands `npm start` supervises, share
// a database; each request of a sequence goes to the other app process. Proved across processes: idempotency
// keys, a console session, the API key and test-clock caches, a throttle, a preview token; then a year of
// monthly billing for several contracts, half its months billed by the app processes' clock moves and half by
// the workers alone, leaves every contract exactly one run per period, and every event the account produced is
// delivered once, signed, to a receiver on loopback.
//
// A database of its own rather than a fresh account on the shared e2e database: the three workers bill every
// account of their database, so on the shared one they would bill and deliver for the other specs' accounts
// while those run; here they touch only this spec's seeded account, whose clock may move a year.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { type Cluster, startCluster } from "./_service-cluster";
import { startWebhookReceiver } from "./_webhook-receiver";

const KEY = "sk_test_e2e_secret"; // the seed's secret key (SEED_SECRET_KEY of the e2e runner)
const MONTHS = 12;
const CONTRACTS = 6;

test.describe.configure({ mode: "serial", retries: 0 });

let cluster: Cluster;
let sql: pg.Client;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let accountId = 0;
let endpointId = 0;
/** the account's last outbox event before the endpoint existed: every later one must reach it */
let eventsBefore = 0;
let A = "";
let B = "";
/** the other app process than `base` */
const other = (base: string) => (base === A ? B : A);

async function call(
  request: APIRequestContext,
  base: string,
  method: "get" | "post",
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await request[method](`${base}/api/v2/${path}`, {
    headers: { Authorization: `Api-Key ${KEY}`, ...headers },
    data,
  });
  return { status: res.status(), headers: res.headers(), body: await res.json().catch(() => null) };
}

/** A 2xx answer's body (the failure names the process, the request and the answer). */
async function ok(request: APIRequestContext, base: string, method: "get" | "post", path: string, data?: unknown) {
  const r = await call(request, base, method, path, data);
  expect(r.status, `${method} ${base} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  cluster = await startCluster({ apps: 2, workers: 3 });
  [A, B] = cluster.apps;
  sql = new pg.Client({ connectionString: cluster.databaseUrl });
  await sql.connect();
  accountId = (await sql.query("SELECT id FROM accounts WHERE name = 'Demo Seller'")).rows[0].id;
  // the clock stands still from here (an unset test clock follows real time), so months are exact
  await ok(request, A, "post", "test-clock/advance/", { seconds: 0 });
  // registered first, so every event of the spec is delivered to it
  receiver = await startWebhookReceiver();
  eventsBefore = (await sql.query("SELECT coalesce(max(id), 0)::int AS id FROM outbox_events")).rows[0].id;
  const endpoint = await ok(request, B, "post", "webhook-endpoints/", { url: receiver.url });
  endpointId = endpoint.id;
  receiver.setSecret(endpoint.secret);
});

test.afterAll(async () => {
  await sql?.end().catch(() => {});
  await cluster?.stop();
  await receiver?.close();
});

test("an idempotency key used on one process is replayed by the other", async ({ request }) => {
  const reference = `mp-idem-${Date.now()}`;
  const key = { "Idempotency-Key": `mp-${reference}` };
  const first = await call(request, A, "post", "customers/", { reference, name: "Ida Idem" }, key);
  expect(first.status).toBe(201);
  const replay = await call(request, B, "post", "customers/", { reference, name: "Ida Idem" }, key);
  expect([replay.status, replay.headers["idempotent-replayed"]]).toEqual([201, "true"]);
  expect(replay.body).toEqual(first.body);
  // other parameters under the same key are refused (spec 4.6), on either process
  const reused = await call(request, B, "post", "customers/", { reference, name: "Someone Else" }, key);
  expect(reused.status).toBe(400);
  expect((await ok(request, A, "get", `customers/${reference}/`)).name).toBe("Ida Idem");
});

async function signInOn(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // signing in (bcrypt) is slow on a loaded machine
  await expect(page).toHaveURL(`${base}/admin`, { timeout: 30_000 });
}

/** A console (tRPC) mutation through the browser's session, on the process at `base`. */
async function trpc(page: Page, base: string, procedure: string, input: unknown) {
  const res = await page.request.post(`${base}/api/trpc/${procedure}`, {
    data: { json: input },
    headers: { origin: base },
  });
  expect(res.status(), `${procedure} on ${base}: ${await res.text()}`).toBe(200);
  return (await res.json()).result.data.json;
}

test("a console session made on one process works on the other; a key revoked on one is refused by the other", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInOn(page, A);
  // the session cookie (a signed JWT, checked against the user row) is the host's, whichever port set it
  await page.goto(`${B}/admin`);
  await expect(page).toHaveURL(`${B}/admin`);
  await expect(page.getByRole("button", { name: "Sign in" })).toHaveCount(0);

  // the API key cache: B caches the new key on its first use, A revokes it, B refuses it once the change
  // notification (LISTEN) drops its entry; polled because the notification arrives just after A's commit,
  // and bounded well below the cache's 60 s safety net, which would otherwise be what ended it
  const created = await trpc(page, B, "apiKeys.create", { kind: "secret", name: "multi-process" });
  const withKey = { headers: { Authorization: `Api-Key ${created.key}` } };
  expect((await request.get(`${B}/api/v2/customers/`, withKey)).status()).toBe(200);
  expect((await request.get(`${A}/api/v2/customers/`, withKey)).status()).toBe(200);
  await trpc(page, A, "apiKeys.revoke", { id: created.id });
  expect((await request.get(`${A}/api/v2/customers/`, withKey)).status()).toBe(401);
  await expect
    .poll(async () => (await request.get(`${B}/api/v2/customers/`, withKey)).status(), { timeout: 10_000 })
    .toBe(401);
});

test("the portal's sign-in link throttle counts the requests of both processes", async ({ request }) => {
  const email = `mp-throttle-${Date.now()}@example.com`;
  // 3 requests per e-mail address in 15 minutes (server/auth/portalLinkThrottle.ts), here split A, B, A; one
  // client address of this test's own (the runner trusts loopback as a proxy)
  const send = (base: string) =>
    request.post(`${base}/portal/sign-in-link`, {
      form: { email, account: String(accountId) },
      headers: { origin: base, "x-forwarded-for": "198.51.100.34" },
    });
  for (const base of [A, B, A]) expect((await send(base)).status()).toBe(200);
  const refused = await send(B);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await send(A)).status()).toBe(429);
});

const prices: { id: number; reference: string }[] = [];

/** A customer with a card and a Streaming Basic monthly contract, each request on the other process. */
async function contractOnCard(request: APIRequestContext, first: string, name: string) {
  if (!prices.length) prices.push(...(await ok(request, first, "get", "catalog/prices/?page_size=100")).results);
  const basic = prices.find((p) => p.reference === "streaming-basic-monthly")!;
  const reference = `mp-${name.toLowerCase().replace(/\W/g, "-")}-${Date.now()}`;
  let base = first;
  const next = () => {
    base = other(base);
    return base;
  };
  await ok(request, base, "post", "customers/", { reference, name });
  expect((await ok(request, next(), "get", `customers/${reference}/`)).reference).toBe(reference);
  const options = await ok(request, next(), "post", "payment-processor-options/", {
    items: [{ price: basic.id }],
    collection_method: "card",
  });
  const processor = options.results.find((o: { render_mode: string }) => o.render_mode === "generic_card_form");
  await ok(request, next(), "post", `customers/${reference}/payment-methods/`, {
    account_payment_processor: processor.account_payment_processor_id,
    collection_method: "card",
    card: { number: "4242424242424242", exp_month: 12, exp_year: 2035, cvc: "123" },
  });
  const contract = await ok(request, next(), "post", "subscription-contracts/", {
    customer_reference: reference,
    items: [{ price: basic.id }],
    initial_billing_mode: "create_initial_run",
    payment_processor_override: processor.account_payment_processor_id,
  });
  expect((await ok(request, next(), "get", `subscription-contracts/${contract.id}/`)).id).toBe(contract.id);
  return contract as { id: number; items: { id: number }[] };
}

test("a preview token made on one process is accepted by the other, once", async ({ request }) => {
  const contract = await contractOnCard(request, A, "Pia Preview");
  const item = contract.items[0].id;
  const path = `subscription-contracts/${contract.id}/`;
  const preview = await ok(request, A, "post", `${path}proration-preview/`, { contract_item: item, quantity: 2 });
  expect(preview.preview_token).toMatch(/^pv_/);
  // the token is signed with the service's secret, which every process shares; it binds the parameters
  const otherParams = await call(request, B, "post", `${path}items/update/`, {
    contract_item: item,
    quantity: 3,
    preview_token: preview.preview_token,
  });
  expect(otherParams.status).toBe(400);
  await ok(request, B, "post", `${path}items/update/`, {
    contract_item: item,
    quantity: 2,
    preview_token: preview.preview_token,
  });
  const again = await call(request, A, "post", `${path}items/update/`, {
    contract_item: item,
    quantity: 2,
    preview_token: preview.preview_token,
  });
  expect([again.status, again.body.code]).toEqual([400, "preview_stale"]);
});

test("a price created on one process is quoted at once by the other (its catalog snapshot dropped)", async ({
  request,
}) => {
  const listed = (await ok(request, B, "get", "catalog/prices/?page_size=100")).results;
  const basic = listed.find((p: { reference: string }) => p.reference === "streaming-basic-monthly");
  // B's catalog snapshot of the account, cached at the current catalog version
  await ok(request, B, "post", "subscription-offer-quotes/", { items: [{ price: basic.id }] });
  const price = await ok(request, A, "post", "catalog/prices/", {
    product_id: basic.product_id,
    reference: `mp-price-${Date.now()}`,
    currency: basic.currency,
    unit_amount: "12.34",
    billing_type: "recurring",
    interval: "month",
  });
  // a stale snapshot would not know the price (the version in B's account cache moves with the notification)
  await expect
    .poll(
      async () =>
        (await call(request, B, "post", "subscription-offer-quotes/", { items: [{ price: price.id }] })).status,
      {
        timeout: 10_000,
      },
    )
    .toBeLessThan(300);
  const quote = await ok(request, B, "post", "subscription-offer-quotes/", { items: [{ price: price.id }] });
  expect(JSON.stringify(quote)).toContain("12.34");
});

interface Run {
  id: number;
  state: string;
  period_start_at: string;
}

async function runsOf(request: APIRequestContext, base: string, contractId: number): Promise<Run[]> {
  return (await ok(request, base, "get", `billing-runs/?contract=${contractId}&page_size=100`)).results;
}

/** Waits until every contract has `count` runs, all settled, reading through alternating processes. */
async function settled(request: APIRequestContext, contractIds: number[], count: number) {
  let base = A;
  await expect
    .poll(
      async () => {
        base = other(base);
        const all = await Promise.all(contractIds.map((id) => runsOf(request, base, id)));
        return all.map((runs) => `${runs.length}:${runs.every((r) => r.state === "succeeded")}`);
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toEqual(contractIds.map(() => `${count}:true`));
}

/** `start` plus `months` calendar months (UTC) and an hour, past the run due then. */
const monthsAfter = (start: Date, months: number) => {
  const d = new Date(start);
  d.setUTCMonth(d.getUTCMonth() + months);
  return new Date(d.getTime() + 3_600_000);
};

test("a year billed by both app processes and three workers: every period once, every event delivered once", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const contracts: number[] = [];
  for (let i = 0; i < CONTRACTS; i++)
    contracts.push((await contractOnCard(request, i % 2 ? B : A, `Yuri Year ${i}`)).id);
  // the initial runs: the clock stands still, so the workers bill what is due now on their own
  await settled(request, contracts, 1);
  const starts = await Promise.all(contracts.map(async (id) => (await runsOf(request, A, id))[0].period_start_at));
  const start = new Date(Math.max(...starts.map((s) => Date.parse(s))));

  for (let month = 1; month <= MONTHS; month++) {
    const to = monthsAfter(start, month).toISOString();
    if (month % 2) {
      // the clock moved through the API, on A and B in turn: that process bills what came due itself, while the
      // workers' ticks bill the same account at once (exactly once comes from the database, not from timing)
      const base = month % 4 === 1 ? A : B;
      expect((await ok(request, base, "post", "test-clock/advance/", { to })).test_clock_at).toBe(to);
    } else {
      // time passing with nobody asking: only the workers bill (the UPDATE's trigger tells every process)
      await sql.query("UPDATE accounts SET test_clock_at = $1 WHERE id = $2", [to, accountId]);
    }
    await settled(request, contracts, month + 1);
    // the account's clock as each process now sees it (its cache dropped by the change notification)
    for (const base of [A, B])
      expect((await ok(request, base, "post", "test-clock/advance/", { seconds: 0 })).test_clock_at).toBe(to);
  }

  // every period once: 13 runs a contract, one per calendar month from the first, none twice, none missing
  for (const id of contracts) {
    const periods = (await runsOf(request, B, id)).map((r) => r.period_start_at).sort();
    expect(periods).toHaveLength(MONTHS + 1);
    const months = periods.map((p) => new Date(p).getUTCFullYear() * 12 + new Date(p).getUTCMonth());
    expect(months).toEqual(months.map((_, i) => months[0] + i));
  }
  const keys = await sql.query(
    "SELECT contract_id, count(*)::int AS runs, count(DISTINCT period_key)::int AS periods FROM billing_runs WHERE contract_id = ANY($1) GROUP BY contract_id",
    [contracts],
  );
  expect(keys.rows.map((r) => [r.runs, r.periods])).toEqual(contracts.map(() => [MONTHS + 1, MONTHS + 1]));
  // the months nobody but the workers moved were billed by them
  const billedBy = [2, 3, 4].map((i) => cluster.output(i).includes('"msg":"billed"'));
  expect(billedBy.some(Boolean), "no worker logged a billed chunk").toBe(true);
  test.info().annotations.push({ type: "workers that billed", description: String(billedBy.filter(Boolean).length) });

  // every event the account produced is delivered to the receiver exactly once, signed: wait until the outbox is
  // published and no delivery is pending (the workers deliver on real time), then compare
  const pending = async () =>
    (
      await sql.query(
        `SELECT (SELECT count(*) FROM outbox_events WHERE account_id = $1 AND published_at IS NULL)
              + (SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = $2 AND state = 'pending') AS n`,
        [accountId, endpointId],
      )
    ).rows[0].n;
  await expect.poll(async () => Number(await pending()), { timeout: 60_000 }).toBe(0);
  const deliveries = (
    await sql.query("SELECT event_id, state, attempts FROM webhook_deliveries WHERE endpoint_id = $1", [endpointId])
  ).rows as { event_id: string; state: string; attempts: number }[];
  await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(deliveries.length);
  const produced = (
    await sql.query("SELECT event_id FROM outbox_events WHERE account_id = $1 AND id > $2", [accountId, eventsBefore])
  ).rows.map((r) => r.event_id as string);
  expect(produced.length).toBeGreaterThan(CONTRACTS * (MONTHS + 1));
  const received = receiver.received.map((r) => r.eventId);
  expect(new Set(received).size, "an event was delivered twice").toBe(received.length);
  expect(received.sort()).toEqual(deliveries.map((d) => d.event_id).sort());
  expect(
    produced.filter((id) => !received.includes(id)),
    "events never delivered",
  ).toEqual([]);
  expect(deliveries.filter((d) => d.state !== "succeeded" || d.attempts !== 1)).toEqual([]);
  expect(receiver.received.filter((r) => !r.signed)).toEqual([]);
  // the REST delivery log (read on A) counts the same deliveries
  expect((await ok(request, A, "get", `webhook-endpoints/${endpointId}/deliveries/?page_size=1`)).count).toBe(
    deliveries.length,
  );
});
