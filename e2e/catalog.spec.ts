// The catalog beyond products in a real browser: bundles (items, add-on rules, deactivate), tax rates,
// shipping options, billing schedules; price form defects (ISO currency, cancel a scheduled version);
// the API reference (back link, search, no horizontal scroll at 375 px). axe on every page.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

test("a seller creates a bundle with an item and an add-on rule, then deactivates it", async ({ page }) => {
  const name = `E2E Bundle ${Date.now()}`;
  await signIn(page);
  await page.goto("/admin/bundles");
  await expect(page.getByTestId("bundles-table")).toContainText("Family Bundle");
  await expect(page.getByTestId("bundles-table")).not.toContainText("Other Bundle");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "New bundle" }).click();
  await expect(page).toHaveURL(/\/admin\/bundles\/new$/);
  const form = page.getByTestId("new-bundle-form");
  await expect(form.getByLabel("Item 1: product")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Item 1: product").selectOption({ label: "Streaming Basic" });
  await form.getByLabel("Item 1: default price").selectOption({ index: 1 });
  await form.getByRole("button", { name: "Create bundle" }).click();

  await expect(page).toHaveURL(/\/admin\/bundles\/\d+$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("bundle-items").getByTestId("bundle-item")).toHaveCount(1);
  await expect(page.getByTestId("bundle-items")).toContainText("Streaming Basic");

  const ruleForm = page.getByTestId("addon-rule-form");
  await ruleForm.getByLabel("Offer").selectOption({ label: "Sports Add-on" });
  await ruleForm.getByLabel("Maximum quantity").fill("2");
  await ruleForm.getByRole("button", { name: "Add add-on rule" }).click();
  await expect(page.getByTestId("addon-rules").getByTestId("addon-rule")).toHaveCount(1);
  await expect(page.getByTestId("addon-rules")).toContainText("Product: Sports Add-on");
  await expectNoSeriousA11yViolations(page);

  // items are edited one at a time: add one, change its quantity, remove it
  await page.getByRole("button", { name: "Add item" }).click();
  const addItem = page.getByRole("dialog", { name: "Add an item to this bundle" });
  await addItem.getByLabel("Item: product").selectOption({ label: "Sports Add-on" });
  await addItem.getByLabel("Item: default price").selectOption({ index: 1 });
  await expectNoSeriousA11yViolations(page);
  await addItem.getByRole("button", { name: "Add item" }).click();
  await expect(addItem).toBeHidden();
  const items = page.getByTestId("bundle-items").getByTestId("bundle-item");
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText("Sports Add-on");
  await items.nth(1).getByRole("button", { name: "Edit item 2" }).click();
  const editItem = page.getByRole("dialog", { name: /^Edit item 2/ });
  await editItem.getByLabel("Item: quantity").fill("3");
  await editItem.getByRole("button", { name: "Save item" }).click();
  await expect(editItem).toBeHidden();
  await expect(items.nth(1).getByRole("cell").nth(1)).toHaveText("3");
  await items.nth(1).getByRole("button", { name: "Remove item 2" }).click();
  await page
    .getByRole("dialog", { name: /^Remove item 2/ })
    .getByRole("button", { name: "Remove item" })
    .click();
  await expect(items).toHaveCount(1);

  await page.getByRole("button", { name: "Deactivate bundle" }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate bundle?" });
  await expect(dialog).toContainText("can no longer be chosen");
  await dialog.getByRole("button", { name: "Deactivate bundle" }).click();
  await expect(page.getByTestId("page-status")).toContainText(/inactive/i);
  await expect(page.getByRole("button", { name: "Activate bundle" })).toBeVisible();

  await page.goto("/admin/bundles?status=inactive");
  await expect(page.getByTestId("bundles-table")).toContainText(name);

  const missing = await page.goto("/admin/bundles/999999");
  expect(missing?.status()).toBe(404);
});

test("a seller creates a tax rate and a shipping option", async ({ page }) => {
  const stamp = Date.now();
  await signIn(page);
  await page.goto("/admin/tax-rates");
  await expect(page.getByTestId("tax-rates-table")).toContainText("VAT 24%");
  await expectNoSeriousA11yViolations(page);
  const taxForm = page.getByTestId("tax-rate-form");
  await taxForm.getByLabel("Name").fill(`E2E VAT ${stamp}`);
  await taxForm.getByLabel("Percentage").fill("150");
  await taxForm.getByRole("button", { name: "Create tax rate" }).click();
  await expect(taxForm.locator("[data-testid$='-percentage-error']")).toContainText("between 0 and 100");
  await taxForm.getByLabel("Percentage").fill("25.5");
  await taxForm.getByRole("button", { name: "Create tax rate" }).click();
  const taxRow = page.getByTestId("tax-rate-row").filter({ hasText: `E2E VAT ${stamp}` });
  await expect(taxRow).toContainText("25.5 %");
  await taxRow.getByRole("button", { name: "Deactivate tax rate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Deactivate tax rate" }).click();
  await expect(taxRow).toContainText(/inactive/i);

  await page.goto("/admin/shipping-options");
  await expect(page.getByTestId("shipping-options-table")).toContainText("Parcel Locker");
  await expectNoSeriousA11yViolations(page);
  const shipForm = page.getByTestId("shipping-option-form");
  await shipForm.getByLabel("Name").fill(`E2E Courier ${stamp}`);
  await shipForm.getByLabel("Service code").fill("COURIER");
  await shipForm.getByLabel("Currency").fill("EUR");
  await shipForm.getByLabel("Price", { exact: true }).fill("7.50");
  await shipForm.getByRole("button", { name: "Create shipping option" }).click();
  await expect(page.getByTestId("shipping-option-row").filter({ hasText: `E2E Courier ${stamp}` })).toContainText(
    "€7.50",
  );
});

test("a seller creates a billing schedule", async ({ page }) => {
  const name = `E2E Half-yearly ${Date.now()}`;
  await signIn(page);
  await page.goto("/admin/billing-schedules");
  await expect(page.getByTestId("billing-schedules-table")).toContainText("Quarterly (calendar)");
  await expectNoSeriousA11yViolations(page);
  const form = page.getByTestId("billing-schedule-form");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Time zone").fill("Europe/Helsinki");
  await form.getByLabel("Date 1: month").fill("1");
  await form.getByLabel("Date 1: day").fill("1");
  await form.getByRole("button", { name: "Add billing date" }).click();
  await form.getByLabel("Date 2: month").fill("7");
  await form.getByLabel("Date 2: day").fill("1");
  await form.getByRole("button", { name: "Create billing schedule" }).click();
  const row = page.getByTestId("billing-schedule-row").filter({ hasText: name });
  await expect(row).toContainText("1 Jan, 1 Jul");
  await expect(row).toContainText("Europe/Helsinki");

  // deactivate it; the status filter and the search live in the URL
  await row.getByRole("button", { name: "Deactivate billing schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate billing schedule?" });
  await expect(dialog).toContainText("can no longer be chosen for new prices");
  await dialog.getByRole("button", { name: "Deactivate billing schedule" }).click();
  await expect(row).toContainText(/inactive/i);
  await page.getByLabel("Status", { exact: true }).selectOption("false");
  await expect(page).toHaveURL(/active=false/);
  await expect(page.getByTestId("billing-schedules-table")).not.toContainText("Quarterly (calendar)");
  await expect(row).toBeVisible();
  await page.getByLabel("Search billing schedules").fill("Half-yearly");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=Half-yearly/);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("false");
  await expectNoSeriousA11yViolations(page);
});

test("the price form refuses XYZ under the currency field; a scheduled version can be cancelled", async ({ page }) => {
  const ref = `e2e-cancel-${Date.now()}`;
  await signIn(page);
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Weekly Coaching" }).click();
  const priceForm = page.getByTestId("new-price-form");
  await expect(priceForm.locator("datalist#iso-currency-codes option[value='EUR']")).toHaveCount(1);
  await priceForm.getByLabel("Currency").fill("XYZ");
  await priceForm.getByLabel("Amount").fill("10.00");
  await priceForm.getByRole("button", { name: "Create price" }).click();
  await expect(priceForm.getByTestId("price-currency-error")).toContainText("ISO 4217");

  await priceForm.getByLabel("Currency").fill("EUR");
  await priceForm.getByLabel("Reference").fill(ref);
  await priceForm.getByRole("button", { name: "Create price" }).click();
  await expect(priceForm.getByTestId("price-created")).toContainText(ref);

  const card = page.getByTestId("price-card").filter({ hasText: ref });
  await card.getByText("Schedule a price change").click();
  const schedule = card.locator("form");
  await expect(schedule.getByLabel(/Effective from \(.+\)/)).toBeVisible(); // the account zone is named
  await schedule.getByLabel("New amount").fill("12.00");
  await schedule.getByLabel(/Effective from/).fill("2099-06-01T10:00");
  await schedule.getByRole("button", { name: "Schedule" }).click();
  await expect(card.getByTestId("version-row")).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  const cancelVersion = card.getByRole("button", { name: "Cancel scheduled version" });
  await cancelVersion.click();
  const dialog = page.getByRole("dialog", { name: "Cancel scheduled version?" });
  await expect(dialog).toContainText("€12.00");
  // keeping the version closes the dialog and gives the focus back to the button that opened it
  await dialog.getByRole("button", { name: "Keep as is" }).click();
  await expect(dialog).toBeHidden();
  await expect(cancelVersion).toBeFocused();
  await cancelVersion.click();
  await dialog.getByRole("button", { name: "Cancel scheduled version" }).click();
  await expect(card.getByTestId("version-row")).toHaveCount(1);
  await expect(card.getByTestId("version-row")).toContainText("current");
});

test("the API reference links back to the console, searches operations, and fits a phone", async ({ page }) => {
  await signIn(page);
  await page.goto("/docs/api");
  const search = page.getByLabel("Search the API reference");
  await expect(search).toBeVisible();
  await search.fill("bundle-templates");
  await expect(page.getByTestId("api-search-count")).toContainText("of");
  const paths = await page.getByTestId("search-result-path").allTextContents();
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) expect(path).toContain("bundle-templates");
  await page.getByTestId("search-result").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/docs\/api\/bundles#/);
  await expect(page.getByTestId("operation").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  for (const url of ["/docs/api", "/docs/api/subscription-contracts", "/docs/guides/quickstart", "/docs/events"]) {
    await page.goto(url);
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width, url).toBeLessThanOrEqual(375);
  }

  await page.getByRole("link", { name: "Back to console" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
