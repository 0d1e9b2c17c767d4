// The subscriber page on a phone (375 px) and a desktop (1280 px): upgrade with a preview then confirm
// (the run charges the previewed amount), an upgrade refused by a declining card (nothing changes; another
// card, then it applies), downgrade at renewal, cancel and undo, update card, and an action the seller
// disabled. axe on the page and its dialogs; screenshots into the test output.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };
test.describe.configure({ mode: "serial" });

async function familyContract(request: APIRequestContext, customer = "cust-1002") {
  // cust-1002's seeded card declines: journeys that pay now use cust-1001 (4242) or a customer of their own
  const bundles = await (await request.get("/api/v2/bundle-templates/", { headers: SECRET })).json();
  const list = Array.isArray(bundles) ? bundles : bundles.results;
  const family = list.find((b: { name: string }) => b.name === "Family Bundle");
  const created = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: { customer_reference: customer, bundle_template: family.id },
  });
  expect(created.status()).toBe(201);
  const contract = await created.json();
  // the page's path on this service (an earlier spec may give the account a subscriber_url of its own)
  const path = new URL(contract.subscriber_page).pathname.replace(/^.*(\/change_contract\/)/, "$1");
  return { contract, path };
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function setPolicy(request: APIRequestContext, data: Record<string, unknown>) {
  expect((await request.patch("/api/v2/self-service-policy/", { headers: SECRET, data })).status()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  await setPolicy(request, {
    allow_cancel: true,
    allow_change_plan: true,
    allow_update_card: true,
    allow_pause: false,
  });
});

test("on a phone: upgrade with a preview, confirm, and the run charges exactly the preview", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { contract, path } = await familyContract(request, "cust-1001");
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Your subscription" })).toBeVisible();
  await expect(page.getByTestId("next-billing")).toBeVisible();
  await noHorizontalOverflow(page);
  await page.screenshot({ path: test.info().outputPath("subscriber-375.png"), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Switch to Premium" }).click();
  const dialog = page.getByTestId("change-dialog");
  await expect(dialog.getByTestId("preview-line").first()).toBeVisible();
  const previewed = await dialog.getByTestId("preview-charge-now").getAttribute("data-amount");
  expect(Number(previewed)).toBeGreaterThan(0);
  await noHorizontalOverflow(page);
  await page.screenshot({ path: test.info().outputPath("subscriber-preview-375.png") });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Confirm and pay" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("change-done")).toHaveText("Your plan has been changed.");

  const runs = await (await request.get(`/api/v2/billing-runs/?contract=${contract.id}`, { headers: SECRET })).json();
  const list = Array.isArray(runs) ? runs : runs.results;
  const adjustment = list.find((r: { kind: string }) => r.kind === "adjustment");
  expect(adjustment.total_amount).toBe(previewed);
  // paid before the plan changed
  expect(adjustment.state).toBe("succeeded");
  await expect(page.getByTestId(`run-amount-${adjustment.id}`)).toHaveAttribute("data-amount", previewed!);
  await expect(page.getByRole("link", { name: /Receipt/ }).first()).toHaveAttribute(
    "href",
    new RegExp(`^${path}receipts/\\d+$`),
  );
});

test("a declining card: the upgrade changes nothing and says why; with another card it applies", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // a customer of this test whose only card declines (cust-1002's card is shared with other specs)
  const reference = `cust-declines-${Date.now()}`;
  const created = await request.post("/api/v2/customers/", {
    headers: SECRET,
    data: { reference, name: "Declining Card" },
  });
  expect(created.status()).toBe(201);
  const seededCards = await (
    await request.get("/api/v2/customers/cust-1001/payment-methods/", { headers: SECRET })
  ).json();
  const card = await request.post(`/api/v2/customers/${reference}/payment-methods/`, {
    headers: SECRET,
    data: {
      account_payment_processor: seededCards[0].account_payment_processor_id,
      collection_method: "card",
      card: { number: "4000000000000002", exp_month: 12, exp_year: 2031, cvc: "123" },
    },
  });
  expect(card.status()).toBe(201);
  const { contract, path } = await familyContract(request, reference);
  const readContract = async () =>
    (await request.get(`/api/v2/subscription-contracts/${contract.id}/`, { headers: SECRET })).json();

  await page.goto(path);
  await page.getByRole("button", { name: "Switch to Premium" }).click();
  const dialog = page.getByTestId("change-dialog");
  await expect(dialog.getByTestId("preview-line").first()).toBeVisible();
  const previewed = await dialog.getByTestId("preview-charge-now").getAttribute("data-amount");
  await dialog.getByRole("button", { name: "Confirm and pay" }).click();
  const declined = page.getByTestId("payment-declined");
  await expect(declined).toContainText("Payment declined: The card was declined.");
  await expect(declined).toContainText("Your plan has not changed");
  await expect(page.getByText("Your plan has been changed.")).toHaveCount(0);
  await noHorizontalOverflow(page);
  await page.screenshot({ path: test.info().outputPath("subscriber-declined-375.png"), fullPage: true });
  await expectNoSeriousA11yViolations(page);
  // nothing changed: the plan, the version, no payment to chase
  const unchanged = await readContract();
  expect(unchanged.items[0].price_id).toBe(contract.items[0].price_id);
  expect(unchanged.contract_version).toBe(contract.contract_version);
  expect(unchanged.billing_attention_required).toBe(false);
  await expect(page.getByTestId("items")).toContainText(contract.items[0].product_name);

  await declined.getByRole("button", { name: "Use another card" }).click();
  await expect(page).toHaveURL(/\/pay\/registrations\/pmr_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByTestId("verified")).toBeVisible();
  await page.goto(path);
  await expect(page.getByTestId("card-on-file")).toHaveText("Visa ending in 4242");

  await page.getByRole("button", { name: "Switch to Premium" }).click();
  await expect(dialog.getByTestId("preview-charge-now")).toHaveAttribute("data-amount", previewed!);
  await dialog.getByRole("button", { name: "Confirm and pay" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("change-done")).toHaveText("Your plan has been changed.");
  await expect(page.getByTestId("payment-declined")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  const changed = await readContract();
  expect(changed.items[0].price_id).not.toBe(contract.items[0].price_id);
  expect(changed.contract_version).toBe(contract.contract_version + 1);
  const runs = await (await request.get(`/api/v2/billing-runs/?contract=${contract.id}`, { headers: SECRET })).json();
  const list: { kind: string; state: string; total_amount: string }[] = Array.isArray(runs) ? runs : runs.results;
  expect(
    list
      .filter((r) => r.kind === "adjustment")
      .map((r) => [r.state, r.total_amount])
      .sort(),
  ).toEqual([
    ["succeeded", previewed],
    ["voided", previewed],
  ]);
});

test("downgrade under the default policy: nothing now, scheduled for the renewal, then keep the current plan", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { contract, path } = await familyContract(request);
  const item = contract.items[0].id;
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-premium-monthly", { headers: SECRET })
  ).json();
  // the seller (API) puts the customer on Premium first; the customer then downgrades on the page
  const up = await request.post(`/api/v2/subscription-contracts/${contract.id}/items/update/`, {
    headers: SECRET,
    data: { contract_item: item, price: prices[0].id, proration_behavior: "none" },
  });
  expect(up.status()).toBe(200);
  const premium = (await up.json()).contract.items[0];
  await page.goto(path);
  await page.getByRole("button", { name: "Switch to Basic" }).click();
  const dialog = page.getByTestId("change-dialog");
  await expect(dialog.getByTestId("preview-at-renewal")).toBeVisible();
  await expect(dialog.getByTestId("preview-charge-now")).toHaveAttribute("data-amount", "0.0000");
  await dialog.getByRole("button", { name: "Confirm change" }).click();
  await expect(dialog).toBeHidden();
  // the customer keeps Premium until the renewal; the page says what changes when
  const scheduled = page.getByTestId("scheduled-change");
  await expect(scheduled).toContainText(/Changes to .+ on /);
  const after = await (await request.get(`/api/v2/subscription-contracts/${contract.id}/`, { headers: SECRET })).json();
  expect(after.items[0].price_id).toBe(premium.price_id);
  expect(after.credit_balance).toBe("0.0000");
  expect(after.scheduled_changes).toHaveLength(1);
  expect(after.scheduled_changes[0]).toMatchObject({
    kind: "update",
    effective_at: premium.current_service_period_end_at,
  });
  await expectNoSeriousA11yViolations(page);

  await scheduled.getByRole("button", { name: "Keep current plan" }).click();
  await expect(page.getByTestId("scheduled-change")).toHaveCount(0);
  const kept = await (await request.get(`/api/v2/subscription-contracts/${contract.id}/`, { headers: SECRET })).json();
  expect(kept.scheduled_changes).toEqual([]);
  expect(kept.items[0].price_id).toBe(premium.price_id);
});

test("the seller sees a customer's scheduled downgrade in the console and cancels it", async ({ page, request }) => {
  const { contract, path } = await familyContract(request);
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-premium-monthly", { headers: SECRET })
  ).json();
  const up = await request.post(`/api/v2/subscription-contracts/${contract.id}/items/update/`, {
    headers: SECRET,
    data: { contract_item: contract.items[0].id, price: prices[0].id, proration_behavior: "none" },
  });
  expect(up.status()).toBe(200);
  await page.goto(path);
  await page.getByRole("button", { name: "Switch to Basic" }).click();
  await page.getByTestId("change-dialog").getByRole("button", { name: "Confirm change" }).click();
  await expect(page.getByTestId("scheduled-change")).toBeVisible();

  await signIn(page);
  await page.goto(`/admin/contracts/${contract.id}`);
  const changes = page.getByTestId("scheduled-changes");
  await expect(changes).toContainText("Streaming Basic");
  await changes.getByRole("button", { name: "Cancel scheduled change" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel the scheduled change?" });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel scheduled change" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("scheduled-changes")).toHaveCount(0);
  const after = await (await request.get(`/api/v2/subscription-contracts/${contract.id}/`, { headers: SECRET })).json();
  expect(after.scheduled_changes).toEqual([]);
  expect(after.items[0].price_id).toBe(prices[0].id);
});

test("cancel at period end with a reason, then undo it", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { path } = await familyContract(request);
  await page.goto(path);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await page.getByLabel("Why are you leaving? (optional)").fill("Moving abroad");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(page.getByTestId("notice-ends")).toBeVisible();
  await expect(page.getByTestId("next-billing")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("subscriber-canceled-1280.png"), fullPage: true });
  await page.getByRole("button", { name: "Keep my subscription" }).click();
  await expect(page.getByTestId("notice-ends")).toHaveCount(0);
  await expect(page.getByTestId("next-billing")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("subscriber-1280.png"), fullPage: true });
  await noHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
});

test("update card: the hosted card form, then the new card is on file", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { path } = await familyContract(request, "cust-1003");
  await page.goto(path);
  await page.getByRole("button", { name: "Update card" }).click();
  await expect(page).toHaveURL(/\/pay\/registrations\/pmr_/);
  await page.getByLabel("Card number").fill("5555 5555 5555 4444");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByTestId("verified")).toBeVisible();
  await page.goto(path);
  await expect(page.getByTestId("card-on-file")).toHaveText("Mastercard ending in 4444");
});

test("an action the seller disabled is absent, and refused by the server", async ({ page, request }) => {
  const { path } = await familyContract(request);
  await page.goto(path);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  // the seller disables cancellation while the customer's page is open: the server refuses it
  await setPolicy(request, { allow_cancel: false });
  try {
    await page.getByRole("button", { name: "Cancel at period end" }).click();
    await expect(page.getByText(/does not allow this change/)).toBeVisible();
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Your subscription" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);
  } finally {
    await setPolicy(request, { allow_cancel: true });
  }
});

test("the page is no-store, noindex and cannot be framed; an unknown token is a 404", async ({ page, request }) => {
  const { path } = await familyContract(request);
  const res = await page.goto(path);
  const headers = res!.headers();
  expect(headers["cache-control"]).toContain("no-store");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const missing = await request.get("/change_contract/not-a-real-token-at-all-xyz/");
  expect(missing.status()).toBe(404);
});

test("the seller sets the self-service policy in the console", async ({ page, request }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
  await page.goto("/admin/settings/self-service");
  await expect(page.getByRole("heading", { name: "Customer self-service" })).toBeVisible();
  await page.getByLabel("Pause the subscription for one to three months").check();
  await page.getByLabel("Proration of customers' plan changes").selectOption("prorate_both_now");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save self-service settings" }).click();
  await expect(page.getByText("Self-service settings saved")).toBeVisible();
  const policy = await (await request.get("/api/v2/self-service-policy/", { headers: SECRET })).json();
  expect(policy).toMatchObject({ allow_pause: true, customer_proration: "prorate_both_now" });
  await setPolicy(request, { allow_pause: false, customer_proration: "upgrade_now_downgrade_at_renewal" });
});
