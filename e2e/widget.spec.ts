// The embeddable checkout as a customer meets it: the demo shop (scripts/demo-shop.mjs, on another
// origin) creates a session with the secret key and mounts /embed/v1.js; the customer buys in the framed
// widget with each sandbox render mode, retries after a declined card, waits out 3-D Secure until the
// processor's webhook, and the seller finds the contract in the console. Also: an expired session's
// message, the page opened directly (hosted checkout), a non-allowed origin cannot frame it, axe, and
// screenshots at 375 and 1280 px.
import { type ChildProcess, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect as baseExpect, type FrameLocator, type Page, type TestInfo, test } from "@playwright/test";
import pg from "pg";
import { expectNoSeriousA11yViolations } from "./_axe";

// the machine is shared: give each step of the flow (several server round trips) room
const expect = baseExpect.configure({ timeout: 15_000 });
const APP = process.env.E2E_BASE_URL ?? "http://localhost:3000";
const SECRET_KEY = "sk_test_e2e_secret";
const SECRET = { Authorization: `Api-Key ${SECRET_KEY}` };
const GOOD = "4242 4242 4242 4242";

let shop: ChildProcess;
let shopOrigin: string;
let stranger: Server;
let strangerOrigin: string;
let db: pg.Client;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

async function api(method: string, path: string, data?: unknown) {
  const res = await fetch(`${APP}/api${path}`, {
    method,
    headers: { ...SECRET, "content-type": "application/json" },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  const body = await res.json();
  expect(res.ok, `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body;
}

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  const port = await freePort();
  shopOrigin = `http://localhost:${port}`;
  // the seeded demo shop channels allow http://localhost:4000; this run's shop is on a free port
  const channels = await api("GET", "/v2/sales-channels/");
  for (const c of channels.filter((x: { name: string }) => x.name.startsWith("Demo shop")))
    await api("PATCH", `/v2/sales-channels/${c.id}/`, {
      allowed_origins: [...c.allowed_origins, shopOrigin],
      theme: { ...c.theme, logo_url: `${shopOrigin}/logo.svg` },
    });
  shop = spawn(process.execPath, ["scripts/demo-shop.mjs"], {
    env: { ...process.env, APP_URL: APP, DEMO_SHOP_PORT: String(port), DEMO_SECRET_KEY: SECRET_KEY },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`${shopOrigin}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error("the demo shop did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  // a page on an origin the sessions do not allow, mounting the widget of the session in ?token= with v1.js
  stranger = createServer((req, res) => {
    const token = new URL(req.url ?? "/", "http://x").searchParams.get("token") ?? "";
    res.writeHead(200, { "content-type": "text/html" });
    res.end(
      `<!doctype html><title>Stranger</title><div id="c"></div><script src="${APP}/embed/v1.js"></script>` +
        `<script>SubscriptionCheckout.mount(document.getElementById("c"), { session: ${JSON.stringify(token)},` +
        ` onReady() { document.body.dataset.ready = "1"; }, onError(e) { document.body.dataset.widgetError = e.code; } });</script>`,
    );
  });
  await new Promise<void>((r) => stranger.listen(0, "127.0.0.1", r));
  strangerOrigin = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
});

test.afterAll(async () => {
  shop?.kill("SIGTERM");
  await new Promise((r) => stranger?.close(r));
  await db?.end();
});

/** A full-page screenshot, attached to the report and kept as <name>.png in the test's output folder. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ fullPage: true, path: testInfo.outputPath(`${name}.png`) });
  expect(body.length).toBeGreaterThan(1000);
  await testInfo.attach(name, { body, contentType: "image/png" });
}

/** The shop's checkout page, with the widget framed and showing the offer. */
async function openShop(page: Page, plan = ""): Promise<FrameLocator> {
  await page.goto(`${shopOrigin}/checkout${plan}`);
  const frame = page.frameLocator("#checkout iframe");
  await expect(frame.getByRole("heading", { name: /^Demo shop/ })).toBeVisible();
  await expect(page.locator("body")).toHaveAttribute("data-widget", "ready");
  // onReady carries the session's summary: what is due today, in the offer's currency
  await expect(page.locator("body")).toHaveAttribute("data-due-today", /^\d+\.\d{4}$/);
  return frame;
}

async function details(frame: FrameLocator, processor?: string) {
  await frame.getByLabel("Full name").fill("Ada Lovelace");
  await frame.getByLabel("Email").fill(`ada-${Date.now()}@example.com`);
  if (processor) await frame.getByLabel(processor).check();
  await frame.getByLabel(/I accept the terms/).check();
  await frame.getByRole("button", { name: "Continue to payment" }).click();
}

async function pay(frame: FrameLocator, number: string) {
  await frame.getByLabel("Card number").fill(number);
  await frame.getByLabel("Expiry (MM/YY)").fill("12/30");
  await frame.getByLabel("CVC").fill("123");
  await frame.getByRole("button", { name: /^Pay / }).click();
}

/** Success in the widget and in the shop (onComplete); the contract id the shop was told. */
async function expectActive(page: Page, frame: FrameLocator): Promise<number> {
  await expect(frame.getByTestId("outcome-success")).toContainText("Your subscription is active", { timeout: 45_000 });
  const result = page.getByTestId("shop-result");
  await expect(result).toContainText("is active");
  const id = Number(/Subscription (\d+)/.exec((await result.textContent()) ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  const contract = await api("GET", `/v2/subscription-contracts/${id}/`);
  expect(contract.state).toBe("active");
  return id;
}

test("generic card form: from the demo shop to an active contract the seller sees in the console; axe; 375/1280 px", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const frame = await openShop(page);
  // v1.js sized the iframe to its content (not its initial 480 px)
  await expect
    .poll(async () => page.locator("#checkout iframe").evaluate((f) => (f as HTMLElement).style.height))
    .not.toBe("480px");
  await expect(frame.getByTestId("total")).toHaveText("€12.28");
  await expect(frame.getByText("1 × Streaming Basic")).toBeVisible();
  await expect(frame.getByRole("img", { name: "Demo shop logo" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, "widget-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, testInfo, "widget-375");
  await expectNoSeriousA11yViolations(page);

  await details(frame, "Sandbox card form");
  await expect(frame.getByLabel("CVC")).toHaveAttribute("autocomplete", "cc-csc");
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, "card-375");
  await pay(frame, GOOD);
  const id = await test.step("active", () => expectActive(page, frame));
  await test.step("axe on the success state", () => expectNoSeriousA11yViolations(page));

  // the seller sees it in the console
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/login");
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/contracts/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`contract ${id}`);
});

test("vendor B drop-in: pending until the processor confirms the card, then active", async ({ page }) => {
  const frame = await openShop(page);
  await details(frame, "Vendor B drop-in (sandbox)");
  await pay(frame, GOOD);
  await expectActive(page, frame);
});

test("vendor C: synchronous card check, then active", async ({ page }) => {
  const frame = await openShop(page);
  await details(frame, "Vendor C embedded (sandbox)");
  await pay(frame, "5555 5555 5555 4444");
  await expectActive(page, frame);
});

test("vendor A (USD): the card is encrypted in the browser, then active", async ({ page }) => {
  const frame = await openShop(page, "?plan=usd");
  await expect(frame.getByTestId("total")).toContainText("US$");
  await details(frame);
  const sent: string[] = [];
  page.on("request", (r) => r.url().includes("/api/pay/registrations/") && sent.push(r.postData() ?? ""));
  await pay(frame, GOOD);
  await expectActive(page, frame);
  expect(sent.some((b) => b.includes("encrypted_card") && !b.includes("4242"))).toBe(true);
});

test("a declined card says the payment failed; another card then succeeds", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const frame = await openShop(page);
  await details(frame, "Sandbox card form");
  await pay(frame, "4000 0000 0000 0002");
  const failure = frame.getByTestId("outcome-failure");
  await expect(failure).toContainText("The payment failed.");
  await expect(failure).toContainText("The card was declined.");
  await expect(page.locator("body")).toHaveAttribute("data-widget-error", "card_declined");
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, "declined-375");
  await frame.getByRole("button", { name: "Try another card" }).click();
  await pay(frame, GOOD);
  const id = await expectActive(page, frame);
  // one purchase: one contract, one successful charge, nothing left to retry, no declined card on file
  const { rows } = await db.query(
    `select (select count(*) from subscription_contracts where customer_id = c.customer_id)::int as contracts,
            (select count(*) from billing_attempts a join billing_runs r on r.id = a.run_id
              where r.customer_id = c.customer_id and a.state = 'succeeded')::int as charges,
            (select count(*) from billing_runs r where r.customer_id = c.customer_id
              and r.state in ('failed', 'exhausted'))::int as retryable,
            (select count(*) from payment_methods m where m.customer_id = c.customer_id and m.state = 'active'
              and m.card_last4 = '0002')::int as declined_on_file
     from subscription_contracts c where c.id = $1`,
    [id],
  );
  expect(rows[0]).toEqual({ contracts: 1, charges: 1, retryable: 0, declined_on_file: 0 });
});

test("3-D Secure: pending until the processor's signed webhook completes the payment", async ({ page }) => {
  const frame = await openShop(page);
  await details(frame, "Sandbox card form");
  await pay(frame, "4000 0000 0000 3220");
  await expect(frame.getByTestId("outcome-pending")).toContainText("Waiting for your bank");
  await expectNoSeriousA11yViolations(page);
  // the processor: its signed payment.succeeded for the pending attempt
  const { rows } = await db.query(
    `select a.transaction_id, p.id as processor_id, p.config->>'webhook_secret' as secret
       from billing_attempts a join account_payment_processors p on p.display_name = 'Sandbox card form'
      where a.state = 'pending_external' order by a.id desc limit 1`,
  );
  expect(rows.length).toBe(1);
  const body = JSON.stringify({
    type: "payment.succeeded",
    account_payment_processor_id: rows[0].processor_id,
    transaction_id: rows[0].transaction_id,
  });
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac("sha256", rows[0].secret).update(`${t}.${body}`).digest("hex")}`;
  const res = await fetch(`${APP}/api/processors/sandbox/webhook/`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-sandbox-signature": signature },
    body,
  });
  expect(res.status).toBe(200);
  await expectActive(page, frame);
});

async function newSession(plan = "Demo shop") {
  const channels = await api("GET", "/v2/sales-channels/");
  const channel = channels.find((c: { name: string }) => c.name === plan);
  return api("POST", "/v2/checkout-sessions/", { sales_channel: channel.id });
}

test("opened directly, the widget page is the session's hosted checkout; an expired session says so", async ({
  page,
}) => {
  const session = await newSession();
  expect(session.widget_page_url).toBe(`${APP}/embed/checkout/${session.token}`);
  // the same page and script without a parent frame
  await page.goto(session.widget_page_url);
  await page.getByLabel("Full name").fill("Grace Hopper");
  await page.getByLabel("Email").fill(`grace-${Date.now()}@example.com`);
  await page.getByLabel("Vendor C embedded (sandbox)").check();
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByLabel("Card number").fill(GOOD);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByTestId("outcome-success")).toBeVisible({ timeout: 45_000 });

  const expired = await newSession();
  await db.query("update checkout_sessions set expires_at = now() - interval '1 minute' where token = $1", [
    expired.token,
  ]);
  await page.goto(expired.widget_page_url);
  await expect(page.getByTestId("outcome-expired")).toContainText("This checkout has expired.");
  await expectNoSeriousA11yViolations(page);
});

test("a page on an origin the session does not allow cannot frame the widget", async ({ page, request }) => {
  const session = await newSession();
  const res = await request.get(`/embed/checkout/${session.token}`);
  const csp = res.headers()["content-security-policy"];
  const ancestors = /frame-ancestors ([^;]+)/.exec(csp)?.[1] ?? "";
  expect(ancestors.split(" ")).toContain(shopOrigin);
  expect(ancestors).not.toContain(strangerOrigin);
  await page.goto(`${strangerOrigin}/?token=${session.token}`);
  // the loader tells the page what happened within a few seconds: the frame was refused
  await expect(page.locator("body")).toHaveAttribute("data-widget-error", "origin_not_allowed", { timeout: 8_000 });
  await expect(page.locator("body")).not.toHaveAttribute("data-ready", "1");
  const framed = page.frames().filter((f) => f !== page.mainFrame());
  expect(framed.length).toBe(1);
  const content = await framed[0]
    .locator("#checkout")
    .count()
    .catch(() => 0);
  expect(content).toBe(0);
  // and its own calls are refused from there as well
  const call = await request.get(`/api/public/checkout-sessions/${session.token}/`, {
    headers: { origin: strangerOrigin },
  });
  expect(call.status()).toBe(403);
});

test("hosted card form: a declined card ends in 'the payment failed', also when reopened; amounts and autofill hints", async ({
  page,
}) => {
  const session = await newSession();
  const publicCall = async (path: string, data?: unknown) => {
    const res = await fetch(`${APP}/api/public/checkout-sessions/${session.token}/${path}`, {
      method: data === undefined ? "GET" : "POST",
      headers: { origin: shopOrigin, "content-type": "application/json" },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    return { status: res.status, body: await res.json() };
  };
  const view = (await publicCall("")).body;
  const card = view.processors.find((p: { display_name: string }) => p.display_name === "Sandbox card form");
  const checkout = await publicCall("checkout/", {
    customer: { reference: `hosted-${Date.now()}` },
    account_payment_processor: card.account_payment_processor_id,
  });
  expect(checkout.status).toBe(200);
  const hosted = checkout.body.registration.hosted_url;
  expect(hosted.startsWith(`${APP}/pay/registrations/`)).toBe(true);
  await page.goto(hosted);
  await expect(page.getByText("first charge €12.28")).toBeVisible();
  await expect(page.getByLabel("CVC")).toHaveAttribute("autocomplete", "cc-csc");
  await expect(page.getByLabel("CVC")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Expiry (MM/YY)")).toHaveAttribute("autocomplete", "cc-exp");
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByTestId("verified")).toContainText("Nothing has been charged yet");
  expect((await publicCall("finalize/", {})).status).toBe(400);
  await expect(page.getByTestId("payment-failed")).toContainText("The payment failed: The card was declined.");
  await page.reload();
  await expect(page.getByTestId("payment-failed")).toContainText("The card was declined.");
  await expectNoSeriousA11yViolations(page);
});

test("shipping required: the customer picks a locker, sees its price with the totals, pays → active contract with the selection; axe", async ({
  page,
}) => {
  // a channel selling the printed magazine (a physical product: the account ships, so shipping is required)
  const prices = await api("GET", "/v2/catalog/prices/?page_size=100");
  const magazine = (Array.isArray(prices) ? prices : prices.results).find(
    (p: { reference: string }) => p.reference === "magazine-monthly",
  );
  const demo = (await api("GET", "/v2/sales-channels/")).find((c: { name: string }) => c.name === "Demo shop");
  const channel = await api("POST", "/v2/sales-channels/", {
    name: `Magazine shop ${Date.now()}`,
    offer: { items: [{ price: magazine.id, quantity: 1 }] },
    allowed_origins: demo.allowed_origins,
    processor_ids: demo.processor_ids,
  });
  const session = await api("POST", "/v2/checkout-sessions/", { sales_channel: channel.id });
  await page.goto(session.widget_page_url);
  const delivery = page.getByRole("group", { name: "Delivery" });
  await expect(delivery).toBeVisible();
  const total = await page.getByTestId("total").textContent();
  await expect(page.getByLabel("Pickup point or locker ID")).toBeHidden();
  await delivery.getByLabel(/^Parcel Locker · €3\.90$/).check();
  await expect(page.getByTestId("shipping-row")).toContainText("Shipping · Parcel Locker");
  await expect(page.getByTestId("shipping-amount")).toHaveText("€3.90");
  // spec 2.10: the shipping price is recorded with the order, not charged with this payment
  await expect(page.getByTestId("total")).toHaveText(total ?? "");
  await page.getByLabel("Pickup point or locker ID").fill("LCK-042");
  await page.getByLabel("Pickup point name (optional)").fill("Locker Central");
  await page.getByLabel("Full name").fill("Mary Shelley");
  await page.getByLabel("Email").fill(`mary-${Date.now()}@example.com`);
  await page.getByLabel("Sandbox card form").check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByTestId("shipping-amount")).toHaveText("€3.90");
  await page.getByLabel("Card number").fill(GOOD);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByTestId("outcome-success")).toBeVisible({ timeout: 45_000 });
  await expectNoSeriousA11yViolations(page);
  const done = await api("GET", `/v2/checkout-sessions/${session.token}/`);
  const contract = await api("GET", `/v2/subscription-contracts/${done.contract_id}/`);
  expect(contract.state).toBe("active");
  expect(contract.shipping_selection).toMatchObject({
    name: "Parcel Locker",
    price_amount: "3.9000",
    location_id: "LCK-042",
    location_name: "Locker Central",
  });
});

test("a 14-day trial with a promotion code: the code is applied with its discount, 'Due today' is nothing, the card form starts the trial → active contract with the discount; axe", async ({
  page,
}) => {
  const stamp = Date.now();
  const prices = await api("GET", "/v2/catalog/prices/?page_size=100");
  const basic = (Array.isArray(prices) ? prices : prices.results).find(
    (p: { reference: string }) => p.reference === "streaming-basic-monthly",
  );
  const demo = (await api("GET", "/v2/sales-channels/")).find((c: { name: string }) => c.name === "Demo shop");
  const channel = await api("POST", "/v2/sales-channels/", {
    name: `Trial shop ${stamp}`,
    offer: { items: [{ price: basic.id, quantity: 1 }], trial_days: 14 },
    allowed_origins: demo.allowed_origins,
    processor_ids: demo.processor_ids,
  });
  const coupon = await api("POST", "/v2/coupons/", {
    name: "Trial 20",
    percent_off: "20",
    duration: "repeating",
    duration_in_periods: 3,
  });
  const code = `TRIAL${stamp}`;
  await api("POST", "/v2/promotion-codes/", { coupon: coupon.id, code });
  const session = await api("POST", "/v2/checkout-sessions/", { sales_channel: channel.id });
  await page.goto(session.widget_page_url);
  await expect(page.getByTestId("trial-row")).toContainText(
    /^Free for 14 days \(first payment on .+\), then €12\.28 per period \(incl\. tax\)\.$/,
  );
  await expect(page.getByTestId("total")).toHaveText("€0.00");

  // an unknown code: a clear message next to the field, the totals unchanged
  await page.getByLabel("Promotion code").fill("NOT-A-CODE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("#sc-promo-message")).toHaveText("This promotion code does not exist.");
  await expect(page.getByTestId("discount-row")).toHaveCount(0);
  await page.getByLabel("Promotion code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("discount-row")).toContainText(`Promotion code ${code}`);
  await expect(page.getByTestId("discount-row")).toContainText("20% off");
  // 9.90 × 0.8 + 24 % VAT = 9.8208 for the 3 discounted periods, then 9.90 + 24 % VAT = 12.276
  await expect(page.getByTestId("trial-row")).toContainText(
    /then €9\.82 per period \(incl\. tax\) for 3 periods, then €12\.28 per period \(incl\. tax\)\.$/,
  );
  await expect(page.getByTestId("total")).toHaveText("€0.00");
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Full name").fill("Ada Trial");
  await page.getByLabel("Email").fill(`ada-trial-${stamp}@example.com`);
  await page.getByLabel("Sandbox card form").check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByLabel("Card number").fill(GOOD);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Start free trial" }).click();
  await expect(page.getByTestId("outcome-success")).toBeVisible({ timeout: 45_000 });
  await expectNoSeriousA11yViolations(page);
  const done = await api("GET", `/v2/checkout-sessions/${session.token}/`);
  const contract = await api("GET", `/v2/subscription-contracts/${done.contract_id}/`);
  expect(contract.state).toBe("active");
  expect(contract.trial_end_at).toBeTruthy();
  expect(contract.discount).toMatchObject({ promotion_code: code, runs_remaining: 3 });
});
