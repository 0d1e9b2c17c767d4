// The integrator documentation: guides with their samples, the events reference and the versioning page; every
// docs page's HTML size (long schemas and examples open on demand) and the favicon.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";

test("guides: the index links every guide; the quickstart shows its sample with a copy button", async ({ page }) => {
  await page.goto("/docs/guides");
  await expect(page.getByTestId("guide-link")).toHaveCount(7);
  await page.getByRole("link", { name: "Quickstart" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Quickstart" })).toBeVisible();
  const sample = page.getByTestId("guide-sample").first();
  await expect(sample).toContainText('import { createClient, unwrap } from "@subscription-contracts/sdk"');
  await expect(sample.getByRole("button", { name: "Copy quickstart.ts" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto("/docs/guides/webhooks");
  await expect(page.getByTestId("guide-sample")).toHaveCount(3);
  expect((await page.goto("/docs/guides/nope"))?.status()).toBe(404);
});

test("events reference lists every event type with an example payload", async ({ page }) => {
  await page.goto("/docs/events");
  const events = page.getByTestId("event-type");
  expect(await events.count()).toBeGreaterThanOrEqual(12);
  const created = events.filter({ hasText: "subscription_contract.created" }).first();
  await expect(created).toContainText('"type": "subscription_contract.created"');
  await expect(created).toContainText('"cancel_at_period_end"');
  await expectNoSeriousA11yViolations(page);
});

test("versioning policy and changelog", async ({ page }) => {
  await page.goto("/docs/versioning");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Versioning");
  await expect(page.getByTestId("changelog-entry").first()).toBeVisible();
});

/** Every docs page: the overview pages, each guide and each API resource. */
async function docsPages(request: import("@playwright/test").APIRequestContext) {
  const guides = await (await request.get("/docs/guides")).text();
  const index: { href: string }[] = await (await request.get("/docs/api/search-index.json")).json();
  return [
    ...new Set([
      "/docs",
      "/docs/api",
      "/docs/events",
      "/docs/versioning",
      "/docs/guides",
      ...[...guides.matchAll(/href="(\/docs\/guides\/[a-z0-9-]+)"/g)].map((m) => m[1]),
      ...index.map((entry) => entry.href.split("#")[0]),
    ]),
  ];
}

test("no docs page sends more than 300 kB of HTML; the favicon is served", async ({ request }) => {
  const pages = await docsPages(request);
  expect(pages.length).toBeGreaterThan(15);
  const sizes: Record<string, number> = {};
  for (const url of pages) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    sizes[url] = (await res.body()).length;
  }
  console.log(`docs HTML sizes (bytes): ${JSON.stringify(sizes)}`);
  for (const [url, size] of Object.entries(sizes)) expect(size, url).toBeLessThan(300_000);
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/image\//);
});

test("a resource page opens fields and examples on demand", async ({ page }) => {
  await page.goto("/docs/api/subscription-contracts");
  const create = page
    .getByTestId("operation")
    .filter({ has: page.getByTestId("operation-path").getByText("/v2/subscription-contracts/", { exact: true }) })
    .filter({ hasText: "Create a contract" })
    .first();
  await expect(create.getByTestId("snippet-curl")).toContainText('"customer_reference":"cust-1001"');
  await expect(create.getByTestId("snippet-curl")).toContainText("Idempotency-Key:");
  await create.getByTestId("response-201").getByText("Example response").click();
  await expect(create.getByTestId("response-201")).toContainText('"state": "active"');
  await create.getByTestId("response-201").getByText("Fields").click();
  await expect(create.getByTestId("response-201").getByRole("table").first()).toContainText("customer_reference");
  await page.getByRole("heading", { name: "SubscriptionContract", exact: true }).scrollIntoViewIfNeeded();
  await page.locator("#schema-SubscriptionContract").getByText("Fields").click();
  await expect(page.locator("#schema-SubscriptionContract")).toContainText("next_billing_at");
  await expectNoSeriousA11yViolations(page);
  await page.goto("/docs/events");
  const created = page.getByTestId("event-type").filter({ hasText: "subscription_contract.created" }).first();
  await created.getByText("Fields of data").click();
  await expect(created.getByRole("table").first()).toBeVisible();
});
