// The billing console in a real browser: the dashboard's figures and links, the test clock moving a month,
// a declining card's run failing and a manual retry succeeding once the card is replaced; axe on each page.
// Named to run after billing.spec.ts, which expects cust-1002's card to decline (this spec restores it).
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

async function newContract(request: import("@playwright/test").APIRequestContext, customer: string) {
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  const created = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: { customer_reference: customer, items: [{ price: prices[0].id }] },
  });
  expect(created.status()).toBe(201);
  return created.json();
}

test("advance the test clock a month and see the new runs", async ({ page, request }) => {
  await newContract(request, "cust-1001");
  await signIn(page);
  await page.goto("/admin/billing/test-clock");
  await expect(page.getByRole("heading", { name: "Test clock" })).toBeVisible();
  await expect(page.getByTestId("clock-now")).not.toHaveText("…");
  await expectNoSeriousA11yViolations(page);
  const before = await page.getByTestId("test-clock-time").textContent();
  await page.getByRole("button", { name: "Advance 1 month" }).click();
  // the banner's clock moves with each step, not only at the end
  await expect(page.getByTestId("test-clock-time")).not.toHaveText(before ?? "", { timeout: 20_000 });
  await expect(page.getByTestId("clock-progress")).toContainText("Done", { timeout: 45_000 });
  // …and ends where the panel's clock ends
  const shown = async () => [
    await page.getByTestId("test-clock-time").textContent(),
    await page.getByTestId("clock-now").textContent(),
  ];
  await expect.poll(async () => new Set(await shown()).size).toBe(1);
  await expect(page.getByTestId("clock-result")).toContainText(/[1-9]\d* runs created/);
  const newRuns = page.getByTestId("new-runs");
  await expect(newRuns.getByRole("row").filter({ hasText: "cust-1001" }).first()).toContainText("succeeded");
  await expect(page.getByTestId("test-clock-time")).not.toHaveText(before ?? "");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "See these runs in the billing run list" }).click();
  await expect(page).toHaveURL(/\/admin\/billing-runs\?scheduled_from=/);
  await expect(page.getByTestId("run-row").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a declining card's run fails, and a retry succeeds after the card is replaced", async ({ page, request }) => {
  const contract = await newContract(request, "cust-1002");
  const to = new Date(new Date(contract.next_billing_at).getTime() + 3_600_000).toISOString();
  expect((await request.post("/api/v2/test-clock/advance/", { headers: SECRET, data: { to } })).status()).toBe(200);
  const runs = await (await request.get(`/api/v2/billing-runs/?contract=${contract.id}`, { headers: SECRET })).json();
  const failed = runs.find((r: { state: string }) => r.state === "failed");
  expect(failed, "the declining card's run failed").toBeTruthy();

  await signIn(page);
  await page.goto(`/admin/billing-runs?contract=${contract.id}&state=failed`);
  await expect(page.getByTestId("run-row")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: `Run ${failed.id}`, exact: true }).click();
  await expect(page.getByRole("heading", { name: `Billing run ${failed.id}` })).toBeVisible();
  await expect(page.getByTestId("page-status")).toHaveText("failed");
  await expect(page.getByTestId("attempt-row").first()).toContainText("card_declined");
  await expect(page.getByTestId("attempt-row").first()).toContainText("The card was declined.");
  await expect(page.getByTestId("retry-schedule")).toContainText("Attempt #2");
  await expectNoSeriousA11yViolations(page);

  // the customer replaces the card (REST payment methods)
  const methods = await (await request.get("/api/v2/customers/cust-1002/payment-methods/", { headers: SECRET })).json();
  const old = methods[0];
  const card = { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" };
  const replaced = await request.post("/api/v2/customers/cust-1002/payment-methods/", {
    headers: SECRET,
    data: { account_payment_processor: old.account_payment_processor_id, collection_method: "card", card },
  });
  expect(replaced.status()).toBe(201);
  expect(
    (await request.delete(`/api/v2/customers/cust-1002/payment-methods/${old.id}/`, { headers: SECRET })).status(),
  ).toBe(204);

  await page.getByRole("button", { name: "Retry payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Retry this payment now?" });
  await expect(dialog).toContainText("cust-1002");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Retry payment now" }).click();
  await expect(page.getByTestId("page-status")).toHaveText("succeeded");
  await expect(page.getByTestId("attempt-row")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Retry payment" })).toHaveCount(0);
  expect((await (await request.get(`/api/v2/billing-runs/${failed.id}/`, { headers: SECRET })).json()).state).toBe(
    "succeeded",
  );

  // leave cust-1002 with a declining card again, as the seed has it
  const { id } = await replaced.json();
  await request.post("/api/v2/customers/cust-1002/payment-methods/", {
    headers: SECRET,
    data: {
      account_payment_processor: old.account_payment_processor_id,
      collection_method: "card",
      card: { ...card, number: "4000000000000002" },
    },
  });
  await request.delete(`/api/v2/customers/cust-1002/payment-methods/${id}/`, { headers: SECRET });
});

test("the dashboard's figures render and a figure leads to its list", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const active = page.getByTestId("active-eur");
  await expect(active).toBeVisible();
  await expect(page.getByTestId("mrr-eur")).toContainText("€");
  await expect(page.getByRole("heading", { name: "MRR by month (last 12 months)" })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Payment attempts per day: succeeded, failed and pending" }),
  ).toBeAttached();
  await expectNoSeriousA11yViolations(page);
  await expect(active).toHaveAttribute("href", "/admin/contracts?state=active&currency=EUR");
  const billed = page.getByTestId("billed-eur");
  await billed.click();
  await expect(page).toHaveURL(/\/admin\/billing-runs\?.*currency=EUR/);
  await expect(page.getByTestId("run-row").first()).toBeVisible();
});

test("an unknown billing run answers 404", async ({ page }) => {
  await signIn(page);
  const r = await page.goto("/admin/billing-runs/999999999");
  expect(r?.status()).toBe(404);
  const old = await page.goto("/admin/billing");
  expect(old?.url()).toMatch(/\/admin\/billing-runs$/);
});
