// The customer portal (issue 33) as a customer meets it: the seller's backend creates a portal session, the
// customer opens it (once), changes the plan of one of two contracts, adds a card, edits the billing address,
// pays a failed run and finds the address on that receipt. A reused portal link and a rotated subscriber link
// are refused with a clear page. axe on each page; the portal fits 375 px.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { addCard, api, customerWithCard, subscriberPath } from "./_billed-contract";

test.describe.configure({ mode: "serial" });

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

let processor: number;
let basic: { id: number };
let reference: string;
let familyId: number;
let failedId: number;
let portalUrl: string;
let oldSubscriberPath: string;

test.beforeAll(async ({ request }) => {
  await api(request, "patch", "self-service-policy/", {
    allow_cancel: true,
    allow_change_plan: true,
    allow_update_card: true,
  });
  ({ reference, basic, processor } = await customerWithCard(request, {
    name: "Polly Portal",
    prefix: "e2e-portal",
    withEmail: true,
  }));
  const bundles = await api(request, "get", "bundle-templates/");
  const family = (Array.isArray(bundles) ? bundles : bundles.results).find(
    (b: { name: string }) => b.name === "Family Bundle",
  );
  const a = await api(request, "post", "subscription-contracts/", {
    customer_reference: reference,
    bundle_template: family.id,
    payment_processor_override: processor,
  });
  familyId = a.id;
  oldSubscriberPath = subscriberPath(a);
});

/** A new portal session for the customer, opened in this test's browser (each test has its own cookies). */
async function openPortal(page: Page, request: APIRequestContext) {
  const session = await api(request, "post", "portal-sessions/", {
    customer_reference: reference,
    return_url: "https://shop.example/account",
  });
  const path = new URL(session.url).pathname;
  await page.goto(path);
  return path;
}

test("open the portal once and change the plan of one of the contracts", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  portalUrl = await openPortal(page, request);
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByTestId("return-link")).toHaveAttribute("href", "https://shop.example/account");
  await noHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: `Manage subscription ${familyId}` }).click();
  await expect(page.getByRole("heading", { name: "Your subscription" })).toBeVisible();
  await page.getByRole("button", { name: "Switch to Premium" }).click();
  const dialog = page.getByTestId("change-dialog");
  await expect(dialog.getByTestId("preview-line").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm and pay" }).click();
  await expect(page.getByTestId("change-done")).toHaveText("Your plan has been changed.");
  await noHorizontalOverflow(page);
});

test("a failed run: add a card, edit the billing address, pay now; the receipt shows the address", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // a second contract whose first payment is declined (the card on file now declines every charge)
  await addCard(request, reference, processor, "4000000000000341");
  const b = await api(request, "post", "subscription-contracts/", {
    customer_reference: reference,
    items: [{ price: basic.id }],
    initial_billing_mode: "create_initial_run",
    payment_processor_override: processor,
  });
  failedId = b.initial_billing_run.id;
  await api(request, "post", "test-clock/advance/", { seconds: 1 });

  await openPortal(page, request);
  const failed = page.getByTestId(`portal-contract-${b.id}`).getByTestId("portal-failed");
  await expect(failed).toContainText("Payment failed");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Add a card" }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByTestId("verified")).toBeVisible();
  await page.goto("/portal");
  await expect(page.getByTestId("portal-cards")).toContainText("Visa ending in 4242");

  const form = page.getByTestId("billing-details");
  await form.getByLabel("Address", { exact: true }).fill("Mannerheimintie 1");
  await form.getByLabel("Postal code").fill("00100");
  await form.getByLabel("City").fill("Helsinki");
  await form.getByLabel("Country code (e.g. FI)").fill("FI");
  await form.getByLabel("Tax ID (optional)").fill("DE12345678");
  await form.getByRole("button", { name: "Save billing details" }).click();
  await expect(form.getByText("This is not the shape of a DE VAT number.")).toBeVisible();
  await form.getByLabel("Tax ID (optional)").fill("FI12345678");
  await form.getByRole("button", { name: "Save billing details" }).click();
  await expect(form.getByRole("status")).toContainText("Saved");

  await page
    .getByTestId(`portal-contract-${b.id}`)
    .getByRole("button", { name: /Pay now/ })
    .click();
  await expect(page.getByTestId(`portal-contract-${b.id}`).getByTestId("portal-failed")).toHaveCount(0);
  const run = await api(request, "get", `billing-runs/${failedId}/`);
  expect(run.state).toBe("succeeded");

  await page
    .getByTestId("portal-documents")
    .getByRole("link", { name: /Receipt/ })
    .first()
    .click();
  await expect(page.getByTestId("receipt-address")).toContainText("Mannerheimintie 1");
  await expect(page.getByTestId("receipt-tax-id")).toHaveText("Tax ID FI12345678");
  await expectNoSeriousA11yViolations(page);

  // the receipt as a PDF, the card the customer just added is the default one, then sign out
  const pdf = page.getByRole("link", { name: "Download the receipt as PDF" });
  const file = await page.request.get((await pdf.getAttribute("href")) as string);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  await page.goto("/portal");
  await expect(page.getByTestId("portal-cards")).toContainText("Default card");
  const listed = page
    .getByTestId("portal-documents")
    .getByRole("link", { name: /^Download PDF/ })
    .first();
  expect((await page.request.get((await listed.getAttribute("href")) as string)).status()).toBe(200);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "You are signed out" })).toBeVisible();
  await page.goto("/portal");
  await expect(page.getByRole("heading", { name: "Your session has ended" })).toBeVisible();
});

test("a reused portal link and a rotated subscriber link are refused with a clear page", async ({ page, request }) => {
  const reused = await page.goto(portalUrl);
  expect(reused?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
  await expect(page.getByRole("button", { name: "E-mail me a sign-in link" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await api(request, "post", `subscription-contracts/${familyId}/subscriber-page/rotate/`, {});
  await page.goto(oldSubscriberPath);
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
  await expect(page.getByTestId("link-expired")).toContainText("Ask ");
});

test("an expired portal session is refused: the page says so and an action is a 401", async ({ page, request }) => {
  await openPortal(page, request);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  // a portal session lasts one hour on the account's clock
  await api(request, "post", "test-clock/advance/", { seconds: 3_660 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your session has ended" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your account" })).toHaveCount(0);
  const action = await page.request.post("/portal/api/", {
    headers: { origin: new URL(page.url()).origin },
    data: { action: "remove_card", payment_method: 1 },
  });
  expect(action.status()).toBe(401);
  await expectNoSeriousA11yViolations(page);
});

test("cancel in the portal: the seller's reasons, then the retention offer once; accepting keeps the plan", async ({
  page,
  request,
}) => {
  const coupon = await api(request, "post", "coupons/", {
    name: "Stay with us 50 %",
    percent_off: "50",
    duration: "repeating",
    duration_in_periods: 3,
  });
  await api(request, "patch", "cancellation-settings/", {
    reasons: ["Too expensive", "Not using it enough"],
    retention_coupon: coupon.id,
  });
  try {
    await openPortal(page, request);
    await page.getByRole("link", { name: `Manage subscription ${familyId}` }).click();
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByLabel("Why are you leaving? (optional)").selectOption("Too expensive");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("retention-offer")).toContainText("Stay with us 50 %: 50 % off for 3 payments");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Accept the offer and stay" }).click();
    await expect(page.getByTestId("retention-offer")).toHaveCount(0);
    const contract = await api(request, "get", `subscription-contracts/${familyId}/`);
    expect(contract.cancel_at_period_end).toBe(false);
    expect(contract.discount.coupon.id).toBe(coupon.id);
    expect(contract.cancellation_feedback).toMatchObject({ reason: "Too expensive", offer: "accepted" });
  } finally {
    await api(request, "patch", "cancellation-settings/", { reasons: [], retention_coupon: null });
  }
});
