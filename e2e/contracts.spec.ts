// Contracts in the console, as a seller uses them: the list (filters and search kept in the URL), a
// contract's page, upgrading an item through the preview (the confirmed adjustment equals the preview), an
// upgrade applied only once paid refused by a declining card, canceling at period end and restarting. axe on both pages and on an open preview dialog.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

async function priceId(request: APIRequestContext, reference: string): Promise<number> {
  const prices = await (
    await request.get(`/api/v2/catalog/prices/?reference=${reference}`, { headers: SECRET })
  ).json();
  return prices[0].id;
}

async function newContract(request: APIRequestContext, customer = "cust-1001") {
  const res = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: { customer_reference: customer, items: [{ price: await priceId(request, "streaming-basic-monthly") }] },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

test("upgrade an item with the preview, confirm, and see the adjustment", async ({ page, request }) => {
  const contract = await newContract(request);
  const premium = await priceId(request, "streaming-premium-monthly");
  await signIn(page);
  await page.goto(`/admin/contracts/${contract.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`contract ${contract.id}`);
  await expect(page.getByTestId("summary-strip")).toContainText("Next charge");
  await expectNoSeriousA11yViolations(page);

  await page
    .getByTestId(`item-${contract.items[0].id}`)
    .getByRole("button", { name: "Change Streaming Basic" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Change Streaming Basic" });
  await dialog.getByLabel("Price").selectOption(String(premium));
  await dialog.getByRole("button", { name: "Preview" }).click();
  const preview = dialog.getByTestId("proration-preview");
  await expect(preview.getByTestId("preview-line")).toHaveCount(2); // the credit for Basic, the charge for Premium
  await expect(preview).toContainText("Credit");
  await expect(preview).toContainText("On the next invoice");
  const total = await preview.getByTestId("preview-total").getAttribute("data-amount");
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole("button", { name: "Confirm change" }).click();
  await expect(page.getByText("Item changed")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("contract-items")).toContainText("Streaming Premium");
  // the adjustment waits for the next invoice: its lines sum to the previewed total
  const adjustments = page.getByTestId("contract-adjustments");
  await expect(adjustments.getByRole("row")).toHaveCount(3); // header + credit + charge
  const api = await (await request.get(`/api/v2/subscription-contracts/${contract.id}/`, { headers: SECRET })).json();
  expect(api.items.find((i: { status: string }) => i.status === "active").price_id).toBe(premium);
  expect(total).toMatch(/^\d+\.\d{4}$/);
});

test("an upgrade invoiced now and applied only once paid: a declined card changes nothing", async ({
  page,
  request,
}) => {
  // a customer of this test whose only card declines
  const reference = `cust-console-declines-${Date.now()}`;
  expect((await request.post("/api/v2/customers/", { headers: SECRET, data: { reference } })).status()).toBe(201);
  const cards = await (await request.get("/api/v2/customers/cust-1001/payment-methods/", { headers: SECRET })).json();
  const card = await request.post(`/api/v2/customers/${reference}/payment-methods/`, {
    headers: SECRET,
    data: {
      account_payment_processor: cards[0].account_payment_processor_id,
      collection_method: "card",
      card: { number: "4000000000000002", exp_month: 12, exp_year: 2031, cvc: "123" },
    },
  });
  expect(card.status()).toBe(201);
  const contract = await newContract(request, reference);
  const premium = await priceId(request, "streaming-premium-monthly");
  await signIn(page);
  await page.goto(`/admin/contracts/${contract.id}`);
  await page
    .getByTestId(`item-${contract.items[0].id}`)
    .getByRole("button", { name: "Change Streaming Basic" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Change Streaming Basic" });
  await dialog.getByLabel("Price").selectOption(String(premium));
  await dialog.getByLabel("Proration").selectOption("always_invoice");
  await dialog.getByLabel("If a charge made now fails").selectOption("pending_if_incomplete");
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByTestId("proration-preview")).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm change" }).click();
  await expect(dialog.getByRole("alert")).toContainText("The payment failed: The card was declined.");
  await expect(dialog.getByRole("alert")).toContainText("The change was not applied");
  await expectNoSeriousA11yViolations(page);
  const api = await (await request.get(`/api/v2/subscription-contracts/${contract.id}/`, { headers: SECRET })).json();
  expect([api.contract_version, api.items[0].price_id, api.billing_attention_required]).toEqual([
    contract.contract_version,
    contract.items[0].price_id,
    false,
  ]);
});

test("cancel at period end, then restart", async ({ page, request }) => {
  const contract = await newContract(request, "cust-1003");
  await signIn(page);
  await page.goto(`/admin/contracts/${contract.id}`);
  await page.getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menuitem", { name: "Cancel contract" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel contract" });
  await expect(cancel.getByLabel("At the end of the current period")).toBeChecked();
  await cancel.getByRole("button", { name: "Preview" }).click();
  await expect(cancel.getByTestId("proration-preview")).toContainText("Resulting state: active");
  await cancel.getByRole("button", { name: "Confirm cancel contract" }).click();
  await expect(page.getByText("Contract canceled")).toBeVisible();
  await expect(page.getByTestId("pending-cancel")).toContainText("end of the current period");
  expect(
    (await (await request.get(`/api/v2/subscription-contracts/${contract.id}/`, { headers: SECRET })).json())
      .cancel_at_period_end,
  ).toBe(true);

  await page.getByRole("button", { name: "Restart contract" }).click();
  const restart = page.getByRole("dialog", { name: "Restart contract" });
  await restart.getByRole("button", { name: "Preview" }).click();
  await expect(restart.getByTestId("proration-preview")).toBeVisible();
  await restart.getByRole("button", { name: "Confirm restart contract" }).click();
  await expect(page.getByText("Contract restarted")).toBeVisible();
  await expect(page.getByTestId("pending-cancel")).toHaveCount(0);
  expect(
    (await (await request.get(`/api/v2/subscription-contracts/${contract.id}/`, { headers: SECRET })).json())
      .cancel_at_period_end,
  ).toBe(false);
  // the timeline is on the Activity tab: the tab's link keeps it in the URL
  await page.getByRole("tab", { name: "Activity" }).click();
  await expect(page).toHaveURL(/[?&]tab=activity/);
  await expect(page.getByRole("tab", { name: "Activity" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("contract-timeline")).toContainText("restart");
});

test("the contract list filters and searches in the URL; reload keeps the view; unknown ids are 404", async ({
  page,
  request,
}) => {
  const contract = await newContract(request, "cust-1002");
  await signIn(page);
  await page.goto("/admin/contracts");
  await expect(page.getByRole("heading", { name: "Contracts", level: 1 })).toBeVisible();
  await expect(page.getByTestId(`contract-row-${contract.id}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Search contracts").fill(String(contract.id));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${contract.id}`));
  await expect(page.getByTestId(`contract-row-${contract.id}`)).toBeVisible();
  await page.getByLabel("Search contracts").fill("cust-1002");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=cust-1002/);
  const rows = page.locator('[data-testid^="contract-row-"]');
  await expect(rows.filter({ hasNotText: "cust-1002" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId(`contract-row-${contract.id}`)).toBeVisible();
  await page.getByLabel("State", { exact: true }).selectOption("ended");
  await expect(page).toHaveURL(/state=ended/);
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId(`contract-row-${contract.id}`)).toBeVisible();

  await page.getByTestId(`contract-row-${contract.id}`).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/contracts/${contract.id}$`));
  expect((await page.goto("/admin/contracts/999999"))?.status()).toBe(404);
});
