// The admin console in a real browser: sign-in, the seeded catalog, creating products, prices and price versions.
import { expect, type Page, test } from "@playwright/test";

const ADMIN = { email: "admin@example.com", password: "demo-password" };

async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A value for <input type="datetime-local"> `days` from now, in the browser's local time. */
function localDateTime(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test("/admin without a session redirects to /login", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  await page.goto("/admin/products/1");
  await expect(page).toHaveURL(/\/login$/);
});

test("a wrong password shows an error and keeps the user signed out", async ({ page }) => {
  await signIn(page, ADMIN.email, "not-the-password");
  await expect(page.getByTestId("login-error")).toHaveText("Invalid email or password.");
  await expect(page).toHaveURL(/\/login/);

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
});

test("an unknown email gets the same error", async ({ page }) => {
  await signIn(page, "nobody@example.com", ADMIN.password);
  await expect(page.getByTestId("login-error")).toHaveText("Invalid email or password.");
});

test("the admin signs in, creates a product, a price and a future price version", async ({ page }) => {
  const stamp = Date.now();
  const name = `E2E Product ${stamp}`;
  const reference = `e2e-product-${stamp}`;
  const priceRef = `e2e-price-${stamp}`;

  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("signed-in-user")).toHaveText(ADMIN.email);

  // the seeded catalog
  await page.getByTestId("admin-nav").getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  const table = page.getByTestId("products-table");
  await expect(table).toContainText("Streaming Basic");
  await expect(
    table.getByTestId("product-row").filter({ hasText: "Streaming Basic" }).getByTestId("active-price-count"),
  ).toHaveText("3");
  await expect(table).not.toContainText("Other Product"); // another seller's product

  // server-side validation shows next to the field
  const form = page.getByTestId("new-product-form");
  await form.getByRole("button", { name: "Create product" }).click();
  await expect(form.getByTestId("product-name-error")).toHaveText("This field may not be blank.");

  await form.getByLabel("Name").fill("Duplicate reference");
  await form.getByLabel("Reference").fill("streaming-basic");
  await form.getByRole("button", { name: "Create product" }).click();
  await expect(form.getByTestId("product-reference-error")).toHaveText("A product with this reference already exists.");
  await expect(form.getByTestId("product-name-error")).toHaveCount(0);

  // create a product and see it listed
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Reference").fill(reference);
  await form.getByLabel("Description").fill("Created by the browser test");
  await form.getByLabel("Tax policy").selectOption("exclusive");
  await form.getByLabel("Tax rate").selectOption({ label: "VAT 24% (24 %)" });
  await form.getByRole("button", { name: "Create product" }).click();
  await expect(form.getByTestId("product-created")).toContainText(name);
  await expect(table.getByTestId("product-row").filter({ hasText: name })).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");

  // open it and create a price
  await table.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("product-attributes")).toContainText("VAT 24%");
  await expect(page.getByTestId("product-prices")).toContainText("No prices yet.");

  const priceForm = page.getByTestId("new-price-form");
  await priceForm.getByLabel("Amount").fill("abc");
  await priceForm.getByRole("button", { name: "Create price" }).click();
  await expect(priceForm.getByTestId("price-unit_amount-error")).toContainText("A decimal number");

  await priceForm.getByLabel("Currency").fill("EUR");
  await priceForm.getByLabel("Amount").fill("19.90");
  await priceForm.getByLabel("Reference").fill(priceRef);
  await priceForm.getByLabel("Billing type").selectOption("recurring");
  await priceForm.getByLabel("Interval", { exact: true }).selectOption("month");
  await priceForm.getByLabel("Interval count").fill("1");
  await priceForm.getByLabel("Billing day of month").fill("15");
  await priceForm.getByRole("button", { name: "Create price" }).click();
  await expect(priceForm.getByTestId("price-created")).toContainText(priceRef);

  const card = page.getByTestId("price-card").filter({ hasText: priceRef });
  await expect(card.getByTestId("price-amount")).toHaveText("€19.90");
  await expect(card).toContainText("every month, on day 15");
  await expect(card.getByTestId("version-row")).toHaveCount(1);

  // a date in the past is refused by the domain
  await card.getByText("Schedule a price change").click();
  const schedule = card.locator("form");
  await schedule.getByLabel("New amount").fill("24.50");
  await schedule.getByLabel("Effective from").fill(localDateTime(-1));
  await schedule.getByRole("button", { name: "Schedule" }).click();
  await expect(schedule.locator("[data-testid$='-effective_from-error']")).toHaveText("Must be in the future.");

  // schedule a future version and see it in the versions list
  await schedule.getByLabel("Effective from").fill(localDateTime(30));
  await schedule.getByRole("button", { name: "Schedule" }).click();
  const rows = card.getByTestId("version-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("€19.90");
  await expect(rows.nth(0)).toContainText("current");
  await expect(rows.nth(1)).toContainText("€24.50");
  await expect(rows.nth(1)).toContainText("scheduled");
  await expect(rows.nth(1)).toContainText("open end");
  await expect(card.getByTestId("price-amount")).toHaveText("€19.90");

  // the list now counts the new price
  await page.getByRole("link", { name: "← All products" }).click();
  await expect(page.getByTestId("product-row").filter({ hasText: name }).getByTestId("active-price-count")).toHaveText(
    "1",
  );
});

test("a seeded product shows past, current and future price versions", async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Streaming Premium" }).click();
  const card = page.getByTestId("price-card").filter({ hasText: "streaming-premium-monthly" });
  await expect(card.getByTestId("price-amount")).toHaveText("€14.90");
  const rows = card.getByTestId("version-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("past");
  await expect(rows.nth(1)).toContainText("current");
  await expect(rows.nth(2)).toContainText("scheduled");
});

test("customers can be listed and created; API keys are listed by prefix", async ({ page }) => {
  const reference = `e2e-cust-${Date.now()}`;
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByTestId("admin-nav").getByRole("link", { name: "Customers" }).click();
  await expect(page.getByTestId("customers-table")).toContainText("cust-1001");
  const form = page.getByTestId("new-customer-form");
  await form.getByLabel("Reference").fill("cust-1001");
  await form.getByRole("button", { name: "Create customer" }).click();
  await expect(form.getByTestId("customer-reference-error")).toHaveText(
    "A customer with this reference already exists.",
  );
  await form.getByLabel("Reference").fill(reference);
  await form.getByLabel("Name").fill("E2E Customer");
  await form.getByLabel("Email").fill("e2e@example.com");
  await form.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByTestId("customer-row").filter({ hasText: reference })).toContainText("e2e@example.com");

  await page.getByTestId("admin-nav").getByRole("link", { name: "API keys" }).click();
  const keys = page.getByTestId("api-keys-table");
  await expect(keys.getByTestId("api-key-row")).toHaveCount(3);
  await expect(keys.getByTestId("api-key-row").filter({ hasText: "secret" }).getByTestId("api-key-prefix")).toHaveText(
    "sk_test_e2e_…",
  );
  await expect(keys).not.toContainText("sk_test_e2e_secret");
});

test("sign-out ends the session", async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/admin/customers");
  await expect(page).toHaveURL(/\/login$/);
});

test("another seller only sees their own catalog", async ({ page }) => {
  await signIn(page, "other-admin@example.com", ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/products");
  await expect(page.getByTestId("products-table")).toContainText("Other Product");
  await expect(page.getByTestId("products-table")).not.toContainText("Streaming Basic");
});
