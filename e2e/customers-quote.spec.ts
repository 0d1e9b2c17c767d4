// Seller journeys on the customers pages and the quote builder: search (kept in the URL), create and
// edit a customer with field errors, cancel a payment method through its dialog, the 404s, and a new
// contract priced live by the quote builder; axe on every page.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

test("customers: search by name keeps the term in the URL and opens the customer", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/customers");
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Search customers").fill("alice");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=alice/);
  const rows = page.getByTestId("customer-row");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("alice@example.com");
  await page.getByLabel("Search customers").fill("no-such-customer-anywhere");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("customers-empty")).toContainText("No customer matches");
  await page.goBack();
  await expect(rows).toHaveCount(1);
  await rows.getByRole("link", { name: "cust-1001" }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/cust-1001$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alice Example");
  await expect(page.getByTestId("payment-methods")).toContainText("4242");
  await expectNoSeriousA11yViolations(page);
});

test("customers: create, then edit with a field error, then save", async ({ page }) => {
  const reference = `e2e-edit-${Date.now()}`;
  await signIn(page);
  await page.goto("/admin/customers");
  const form = page.getByTestId("new-customer-form");
  await form.getByLabel("Reference").fill(reference);
  await form.getByLabel("Name").fill("Edit Me");
  await form.getByRole("button", { name: "Create customer" }).click();
  await page.getByTestId("customer-row").filter({ hasText: reference }).getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Me");
  // the "created" toast's colours are the shared Toaster's; check the page itself once it has gone
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });

  await page.getByRole("button", { name: "Edit customer" }).click();
  const dialog = page.getByRole("dialog", { name: `Edit customer ${reference}` });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Save customer" }).click();
  await expect(dialog.getByTestId("edit-email-error")).toBeVisible();
  await dialog.getByLabel("Name").fill("Edited Name");
  await dialog.getByLabel("Email").fill("edited@example.com");
  await dialog.getByLabel("Metadata (JSON object)").fill('{"tier": "gold"}');
  await dialog.getByRole("button", { name: "Save customer" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edited Name");
  await expect(page.getByTestId("customer-email")).toContainText("edited@example.com");
  await expect(page.getByTestId("customer-metadata")).toContainText("gold");
});

test("customers: cancel a payment method through the confirmation dialog", async ({ page, request }) => {
  const reference = `e2e-pm-${Date.now()}`;
  expect(
    (await request.post("/api/v2/customers/", { headers: SECRET, data: { reference, name: "Card Holder" } })).status(),
  ).toBe(201);
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  const options = await (
    await request.post("/api/v2/payment-processor-options/", {
      headers: SECRET,
      data: { items: [{ price: prices[0].id }] },
    })
  ).json();
  const generic = options.results.find(
    (r: { render_mode: string; collection_method: string }) =>
      r.render_mode === "generic_card_form" && r.collection_method === "card",
  );
  const created = await request.post(`/api/v2/customers/${reference}/payment-methods/`, {
    headers: SECRET,
    data: {
      account_payment_processor: generic.account_payment_processor_id,
      collection_method: "card",
      card: { number: "4242424242424242", exp_month: 11, exp_year: 2031 },
    },
  });
  expect(created.status()).toBe(201);

  await signIn(page);
  await page.goto(`/admin/customers/${reference}`);
  const row = page.getByTestId("payment-method-row");
  await expect(row).toContainText("Visa •••• 4242");
  await expect(row).toContainText("11/2031");
  await row.getByRole("button", { name: /Cancel payment method/ }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel payment method?" });
  await expect(dialog).toContainText("Visa •••• 4242 (expires 11/2031) will be canceled");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel payment method" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Canceled");
  const api = await (await request.get(`/api/v2/customers/${reference}/payment-methods/`, { headers: SECRET })).json();
  expect(api.filter((m: { state: string }) => m.state === "active")).toHaveLength(0);
});

test("customers: an unknown or another account's customer is a 404", async ({ page }) => {
  await signIn(page);
  expect((await page.goto("/admin/customers/no-such-customer"))?.status()).toBe(404);
  expect((await page.goto("/admin/customers/other-cust-1"))?.status()).toBe(404);
});

test("create a contract from the quote builder", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/contracts/new");
  await expect(page.getByRole("heading", { name: "New contract" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Customer").fill("cust-1002");
  await page.getByLabel("Bundle", { exact: true }).selectOption({ label: "Family Bundle (family)" });
  const lines = page.getByTestId("quote-line");
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText("Streaming Basic");
  await expect(page.getByTestId("quote-line-explanation").first()).not.toBeEmpty();
  await expect(page.getByTestId("quote-schedule")).toContainText("Billing schedule");
  const recurringBefore = await page.getByTestId("quote-recurring-total").getAttribute("data-amount");

  await page.getByLabel("Include Printed Magazine").check();
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId("quote-preview")).toContainText("Printed Magazine");
  await expect(page.getByTestId("quote-recurring-total")).not.toHaveAttribute("data-amount", recurringBefore ?? "");

  await page.getByLabel("Initial billing mode").selectOption("create_initial_run");
  await page.getByRole("button", { name: "Add one-time charge" }).click();
  await page.getByLabel("One-time charge 1: price").selectOption({ index: 1 });
  await expect(page.getByTestId("quote-preview")).toContainText("Setup Fee");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Create contract" }).click();
  const dialog = page.getByRole("dialog", { name: "Create this contract?" });
  await expect(dialog).toContainText("For cust-1002");
  await dialog.getByRole("button", { name: "Create contract" }).click();
  await expect(page).toHaveURL(/\/admin\/contracts\/\d+$/);
  const contractId = page.url().split("/").pop();

  // the customer's page shows the new contract's events in its activity timeline (the Activity tab), linked
  // to the contract
  await page.goto("/admin/customers/cust-1002?tab=activity");
  const timeline = page.getByTestId("customer-timeline");
  const created = timeline.getByRole("row").filter({ hasText: "subscription_contract.created" });
  await expect(created.first()).toBeVisible();
  await expect(timeline.getByRole("link", { name: `Contract ${contractId}` }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await timeline
    .getByRole("link", { name: `Contract ${contractId}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/contracts/${contractId}$`));
});

test("the quote builder shows the server's message next to the customer field", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/contracts/new?customer=nobody-at-all");
  await page.getByLabel("Individual prices").check();
  await page.getByLabel("Price 1: price").selectOption({ index: 1 });
  await expect(page.getByTestId("qb-customer-error")).toContainText("nobody-at-all");
  await expect(page.getByRole("button", { name: "Create contract" })).toBeDisabled();
});

test("a free trial from the quote builder: the quote shows the first charge, the contract page the trial", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/contracts/new?customer=cust-1001");
  await page.getByLabel("Individual prices").check();
  await page.getByLabel("Price 1: price").selectOption({ index: 1 });
  await expect(page.getByTestId("quote-line")).toHaveCount(1);
  await page.getByLabel("Free trial (days)").fill("14");
  const trial = page.getByTestId("quote-trial");
  await expect(trial).toContainText("Free trial until");
  await expect(page.getByTestId("quote-total")).toHaveAttribute("data-amount", "0.0000");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Create contract" }).click();
  const dialog = page.getByRole("dialog", { name: "Create this contract?" });
  await expect(dialog).toContainText("a free trial");
  await dialog.getByRole("button", { name: "Create contract" }).click();
  await expect(page).toHaveURL(/\/admin\/contracts\/\d+$/);
  await expect(page.getByTestId("contract-trial")).toContainText("Trial until");
  await expectNoSeriousA11yViolations(page);
});
