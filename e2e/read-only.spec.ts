// A read-only user in a real browser: every page shows what the account holds, and every control that would
// change something is disabled (aria-disabled, still focusable) with the reason as its description and
// tooltip; pressing it, or Enter in its form, sends nothing. axe passes on each page.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };
const VIEWER = "viewer@example.com";

/** The button is shown, disabled, and says why (its accessible description). */
async function expectReadOnly(button: Locator, reason: string) {
  await expect(button).toBeVisible();
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(`Read-only users cannot ${reason}.`);
}

/** Every named button on the page is disabled with its reason; then axe. */
async function expectPage(page: Page, path: string, buttons: [name: string | RegExp, reason: string][]) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("read-only-notice")).toBeVisible();
  for (const [name, reason] of buttons)
    await expectReadOnly(page.getByRole("button", { name, exact: typeof name === "string" }).first(), reason);
  await expectNoSeriousA11yViolations(page);
}

test("a read-only user sees every change disabled, with the reason", async ({ page, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  // what the pages show: a contract whose first run failed (cust-1002's card declines), a coupon, an endpoint
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  const created = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: {
      customer_reference: "cust-1002",
      items: [{ price: prices[0].id }],
      initial_billing_mode: "create_initial_run",
    },
  });
  expect(created.status()).toBe(201);
  const contract = await created.json();
  await request.post("/api/v2/test-clock/advance/", { headers: SECRET, data: { seconds: 1 } });
  const run = await (
    await request.get(`/api/v2/billing-runs/${contract.initial_billing_run.id}/`, { headers: SECRET })
  ).json();
  expect(run.state).toBe("failed");
  const coupon = await request.post("/api/v2/coupons/", {
    headers: SECRET,
    data: { name: `Read-only E2E ${stamp}`, percent_off: "10", duration: "once" },
  });
  expect(coupon.status()).toBe(201);
  const endpoint = await request.post("/api/v2/webhook-endpoints/", {
    headers: SECRET,
    // loopback is allowed in the e2e app; an event type nothing sends, so no delivery is ever made
    data: { url: `http://127.0.0.1:9/read-only-${stamp}`, enabled_events: ["e2e.never_sent"] },
  });
  expect(endpoint.status()).toBe(201);
  const { id: endpointId } = await endpoint.json();

  await signIn(page, VIEWER);
  await expect(page.getByTestId("signed-in-role")).toHaveText("read-only");

  await expectPage(page, "/admin/api-keys", [
    ["Create API key", "create API keys"],
    [/^Revoke API key /, "revoke API keys"],
  ]);
  // the reason shows as a tooltip on hover too
  await page
    .getByRole("button", { name: /^Revoke API key / })
    .first()
    .hover();
  await expect(page.getByRole("tooltip")).toHaveText("Read-only users cannot revoke API keys.");

  await expectPage(page, "/admin/customers", [["Create customer", "create customers"]]);
  // neither pressing the button nor Enter in a field submits the form
  const form = page.getByTestId("new-customer-form");
  await form.getByLabel("Reference").fill(`viewer-${stamp}`);
  await form.getByRole("button", { name: "Create customer" }).click({ force: true });
  await form.getByLabel("Reference").press("Enter");
  await page.waitForTimeout(500);
  await expect(form).not.toContainText("read-only");
  await expect(page.getByTestId("customer-created")).toHaveCount(0);

  await expectPage(page, "/admin/customers/cust-1002", [
    ["Edit customer", "edit customers"],
    ["Request a card", "request cards from customers"],
    [/^Cancel payment method/, "cancel payment methods"],
  ]);

  await expectPage(page, `/admin/contracts/${contract.id}`, [
    ["Add item", "add items"],
    ["Apply coupon", "apply coupons"],
    [/^Change /, "change items"],
    [/^Remove (?!discount)/, "remove items"],
  ]);
  await page.getByRole("button", { name: "Actions" }).click();
  for (const [item, reason] of [
    ["Add credit", "add credit"],
    ["Edit metadata", "edit metadata"],
  ]) {
    const entry = page.getByRole("menuitem", { name: item });
    await expect(entry).toBeDisabled();
    await expect(entry).toHaveAccessibleDescription(`Read-only users cannot ${reason}.`);
  }
  await page.getByRole("menuitem", { name: "Add credit" }).click({ force: true });
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.keyboard.press("Escape");

  await expectPage(page, `/admin/billing-runs/${run.id}`, [
    ["Retry payment", "retry payment"],
    ["Apply credit", "apply credit"],
  ]);

  await expectPage(page, "/admin/billing/test-clock", [
    ["Advance 1 day", "move the test clock"],
    ["Advance 1 month", "move the test clock"],
    ["Advance clock", "move the test clock"],
  ]);

  await expectPage(page, "/admin/webhooks", [["Add endpoint", "add webhook endpoints"]]);
  await expectPage(page, `/admin/webhooks/${endpointId}`, [
    ["Send test event", "send test events"],
    ["Rotate secret", "rotate signing secrets"],
  ]);

  await expectPage(page, "/admin/settings", [["Save settings", "change account settings"]]);
  await expectPage(page, "/admin/settings/self-service", [
    ["Save self-service settings", "change self-service settings"],
  ]);

  await expectPage(page, "/admin/bundles/new", [["Create bundle", "create bundles"]]);
  const bundles = await (await request.get("/api/v2/bundle-templates/?reference=family", { headers: SECRET })).json();
  const family = (Array.isArray(bundles) ? bundles : bundles.results)[0];
  await expectPage(page, `/admin/bundles/${family.id}`, [
    ["Deactivate bundle", "deactivate bundles"],
    ["Add item", "change bundles"],
    [/^Remove item /, "change bundles"],
    ["Add add-on rule", "add add-on rules"],
  ]);

  await expectPage(page, "/admin/coupons", [
    ["Create coupon", "create coupons"],
    ["Deactivate coupon", "deactivate coupons"],
  ]);
  await expectPage(page, "/admin/contracts/new", [["Create contract", "create contracts"]]);
});
