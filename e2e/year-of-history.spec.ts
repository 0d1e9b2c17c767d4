// A year of history in a real browser: the test clock moved a year from its panel (one move, its "runs
// created" equal to what the API lists), then every tab of the contract and customer pages, the webhook
// endpoint, a billing run and the subscriber page stay under four screens at 1280 px and under 3,000 px on a
// 375 px phone; their tables page on the server by their own parameters (Next, and a reload keeps the page,
// switching tabs keeps the others' pages), the tabs follow the arrow keys, a phone shows a table's amounts on
// screen, and axe finds nothing serious on any tab. Named to run last: a year on the shared e2e account
// changes what later specs would find.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };
const DAY = 86_400_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };
// unpaged, these pages were 10,000–31,000 px; paged but untabbed, 4,600–6,100 px (the non-table sections alone
// took ~2,600 px). Each tab now holds at most one long table.
const PHONE_MAX = 3_000;

test.describe.configure({ mode: "serial" });
test.use({ timezoneId: "UTC" });

let receiver: Server;
let contractId = 0;
let endpointId = 0;
let subscriberPage = "";

/** Each tab of a tabbed page (by its link, so the URL keeps the tab), as short as `expectShort` asks. */
async function expectEveryTabShort(page: Page, viewport: { width: number; height: number }, axe = false) {
  await page.setViewportSize(viewport);
  const tabs = page.getByRole("tab");
  await expect(tabs.first()).toBeVisible();
  const names = await tabs.allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const name of names) {
    await page.getByRole("tab", { name, exact: true }).click();
    await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name, exact: true })).toBeVisible();
    await expectShort(page, viewport);
    if (axe) await expectNoSeriousA11yViolations(page);
  }
}

async function runCount(request: APIRequestContext, query = "") {
  const r = await request.get(`/api/v2/billing-runs/?page_size=1${query}`, { headers: SECRET });
  expect(r.status()).toBe(200);
  return (await r.json()).count as number;
}

async function priceId(request: APIRequestContext, reference: string) {
  const r = await request.get(`/api/v2/catalog/prices/?reference=${reference}`, { headers: SECRET });
  return (await r.json())[0].id as number;
}

/**
 * The page's height once its tables have loaded: under four screens at 1280 px; on a phone, where each row is
 * a card of several lines, under PHONE_MAX (a year made these pages 14,000 to 31,000 px tall there).
 */
async function expectShort(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("table-skeleton")).toHaveCount(0);
  const { height, width } = await page.evaluate(() => ({
    height: document.body.scrollHeight,
    width: document.documentElement.scrollWidth,
  }));
  const max = viewport.width < 640 ? PHONE_MAX : 4 * viewport.height;
  const path = new URL(page.url()).pathname.replace(/\/change_contract\/[^/]+/, "/change_contract/…");
  const measured = `${path}${new URL(page.url()).search} at ${viewport.width} px: ${height} px`;
  test.info().annotations.push({ type: "height", description: measured });
  console.log(`height: ${measured}`);
  expect.soft(height, `${page.url()} at ${viewport.width} px`).toBeLessThan(max);
  expect(width, `${page.url()} is no wider than the screen`).toBeLessThanOrEqual(viewport.width);
}

/** The element lies within the viewport's width (not cut off, not scrolled away sideways). */
async function expectOnScreen(page: Page, selector: ReturnType<Page["locator"]>) {
  await expect(selector).toBeVisible();
  const box = await selector.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, "the amount is laid out").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "text/plain" }).end("ok"));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

test("the test clock moves a year in one move, and its runs created are the API's", async ({ page, request }) => {
  test.setTimeout(420_000);
  const made = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: {
      customer_reference: "cust-1001",
      items: [{ price: await priceId(request, "coaching-weekly") }],
    },
  });
  expect(made.status()).toBe(201);
  contractId = (await made.json()).id;
  subscriberPage = new URL((await made.json()).subscriber_page).pathname;
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/year-${Date.now()}`;
  const endpoint = await request.post("/api/v2/webhook-endpoints/", { headers: SECRET, data: { url } });
  expect(endpoint.status()).toBe(201);
  endpointId = (await endpoint.json()).id;

  // the clock as it stands, and what is due by then billed, so the move's runs are the year's own
  const now = await request.post("/api/v2/test-clock/advance/", { headers: SECRET, data: { seconds: 0 } });
  expect(now.status()).toBe(200);
  const from = new Date((await now.json()).test_clock_at);
  const before = await runCount(request);

  await signIn(page);
  await page.goto("/admin/billing/test-clock");
  await expect(page.getByTestId("clock-now")).not.toHaveText("…");
  // a year ahead, on the minute, typed as the 24-hour "YYYY-MM-DD HH:MM" the field reads in the account zone (UTC)
  const target = new Date(Math.ceil((from.getTime() + 365 * DAY) / 60_000) * 60_000);
  await page.getByLabel("Advance to").fill(target.toISOString().slice(0, 16).replace("T", " "));
  await page.getByRole("button", { name: "Advance clock" }).click();
  await expect(page.getByTestId("clock-progress")).toContainText("Done", { timeout: 400_000 });
  const created = (await runCount(request)) - before;
  expect(created).toBeGreaterThanOrEqual(52);
  await expect(page.getByTestId("clock-result")).toContainText(`${created} runs created`);

  // a year of deliveries on the endpoint: test events, each one delivery
  for (let i = 0; i < 25; i++) {
    const sent = await page.request.post("/api/trpc/webhooks.sendTestEvent", { data: { json: { id: endpointId } } });
    expect(sent.status()).toBe(200);
  }
});

test("every tab of the contract page stays short; runs and timeline page independently", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto(`/admin/contracts/${contractId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  await expectEveryTabShort(page, DESKTOP);

  await page.goto(`/admin/contracts/${contractId}?tab=runs`);
  const runs = page.getByRole("navigation", { name: "Billing runs: pages" });
  const timeline = page.getByRole("navigation", { name: "Timeline: pages" });
  const total = Number((await runs.getByTestId("pagination-summary").textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThan(20);
  await expect(runs.getByTestId("pagination-summary")).toHaveText(new RegExp(`^1–\\d+ of ${total}$`));
  const firstRun = await page.getByTestId("contract-runs").getByRole("row").nth(1).textContent();
  await runs.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]runs_page=2/);
  await expect(runs.getByTestId("pagination-summary")).toHaveText(new RegExp(`^\\d+–\\d+ of ${total}$`));
  await expect(runs.getByTestId("pagination-summary")).not.toHaveText(/^1–/);
  await expect(page.getByTestId("contract-runs").getByRole("row").nth(1)).not.toHaveText(firstRun ?? "");
  // the timeline, on the Activity tab, keeps its own page; the tab's link keeps the runs' page
  await page.getByRole("tab", { name: "Activity" }).click();
  await expect(page).toHaveURL(/tab=activity/);
  await expect(page).toHaveURL(/runs_page=2/);
  await expect(timeline.getByTestId("pagination-summary")).toHaveText(/^1–/);
  await timeline.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/runs_page=2.*events_page=2|events_page=2.*runs_page=2/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Activity" })).toHaveAttribute("aria-selected", "true");
  await expect(timeline.getByTestId("pagination-summary")).not.toHaveText(/^1–/);
  // back to the runs by the keyboard: arrows move between the tabs, Enter opens one
  await page.getByRole("tab", { name: "Activity" }).focus();
  // Activity → Credit → Usage → Runs
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Runs" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/tab=runs/);
  await expect(runs.getByTestId("pagination-summary")).not.toHaveText(/^1–/);
  await runs.getByRole("link", { name: "Previous" }).click();
  await expect(runs.getByTestId("pagination-summary")).toHaveText(/^1–/);
  await page.goBack();
  await expect(runs.getByTestId("pagination-summary")).not.toHaveText(/^1–/);

  // on a phone: every tab as short, the run's total on screen, and nothing serious for axe on any tab
  await page.goto(`/admin/contracts/${contractId}`);
  await expectEveryTabShort(page, PHONE, true);
  await page.goto(`/admin/contracts/${contractId}?tab=runs`);
  const row = page.getByTestId("contract-runs").getByRole("row").nth(1);
  await expectOnScreen(page, row.locator("[data-amount]").last());
  // a run of the year, at both sizes
  await row.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Billing run");
  await expectShort(page, PHONE);
  await expectShort(page, DESKTOP);
});

test("every tab of the customer page and the webhook endpoint page stay short and page on the server", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto("/admin/customers/cust-1001");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectEveryTabShort(page, DESKTOP);
  await page.goto("/admin/customers/cust-1001?tab=runs");
  const runs = page.getByRole("navigation", { name: "Billing runs of this customer: pages" });
  await expect(runs.getByTestId("pagination-summary")).toHaveText(/^1–10 of \d+$/);
  await runs.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]runs_page=2/);
  await expect(runs.getByTestId("pagination-summary")).toHaveText(/^11–20 of \d+$/);
  await page.reload();
  await expect(runs.getByTestId("pagination-summary")).toHaveText(/^11–20 of \d+$/);
  await page.goto("/admin/customers/cust-1001");
  await expectEveryTabShort(page, PHONE, true);

  await page.setViewportSize(DESKTOP);
  await page.goto(`/admin/webhooks/${endpointId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectShort(page, DESKTOP);
  const deliveries = page.getByRole("navigation", { name: "Deliveries: pages" });
  await expect(deliveries.getByTestId("pagination-summary")).toHaveText("1–10 of 25");
  await deliveries.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]deliveries_page=2/);
  await expect(deliveries.getByTestId("pagination-summary")).toHaveText("11–20 of 25");
  await expect(page.getByTestId("delivery-row")).toHaveCount(10);
  await expectShort(page, PHONE);
});

test("the subscriber page stays short and pages its billing history", async ({ page }) => {
  await page.goto(subscriberPage);
  await expect(page.getByRole("heading", { name: "Your subscription", level: 1 })).toBeVisible();
  await expectShort(page, PHONE);
  await expectShort(page, DESKTOP);
  const history = page.getByRole("navigation", { name: "Billing history: pages" });
  const summary = history.getByTestId("pagination-summary");
  await expect(summary).toHaveText(/^1–10 of \d+$/);
  await expect(page.getByTestId("history-run")).toHaveCount(10);
  const first = await page.getByTestId("history-run").first().textContent();
  await history.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]history_page=2/);
  await expect(summary).toHaveText(/^11–20 of \d+$/);
  await expect(page.getByTestId("history-run").first()).not.toHaveText(first ?? "");
  await page.reload();
  await expect(summary).toHaveText(/^11–20 of \d+$/);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
});

test("on a phone the run list shows each run's amount on screen", async ({ page }) => {
  await signIn(page);
  await page.setViewportSize(PHONE);
  await page.goto("/admin/billing-runs");
  const row = page.getByTestId("run-row").first();
  await expectOnScreen(page, row.locator("[data-amount]").last());
  await expectNoSeriousA11yViolations(page);
});
