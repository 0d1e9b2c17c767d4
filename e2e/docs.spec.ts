// The integrator documentation: guides with their samples, the events reference and the versioning page.
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
