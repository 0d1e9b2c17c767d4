// The portal in the customer's language (issue 33 item 5): a portal session the seller creates with locale "de"
// opens in German on a 375 px phone (html lang, headings, buttons, labels, a German amount, no English words left,
// no sideways scrolling, axe); the Language select switches to Finnish and the choice is kept for the next
// session and the subscriber page.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { api, customerWithCard, subscriberPath as pathOf } from "./_billed-contract";

test.describe.configure({ mode: "serial" });

let reference: string;
let contractId: number;
let subscriberPath: string;

test.beforeAll(async ({ request }) => {
  const customer = await customerWithCard(request, { name: "Lena Lang", prefix: "e2e-languages", withEmail: true });
  reference = customer.reference;
  const c = await api(request, "post", "subscription-contracts/", {
    customer_reference: reference,
    items: [{ price: customer.basic.id, quantity: 3 }],
    payment_processor_override: customer.processor,
  });
  contractId = c.id;
  subscriberPath = pathOf(c);
});

async function openPortal(page: Page, request: APIRequestContext, locale?: string) {
  const session = await api(request, "post", "portal-sessions/", {
    customer_reference: reference,
    ...(locale ? { locale } : {}),
  });
  expect(session.locale).toBe(locale ?? null);
  await page.goto(new URL(session.url).pathname);
  await expect(page).toHaveURL(/\/portal$/);
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the portal in German at 375 px", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openPortal(page, request, "de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveTitle("Ihr Konto");
  await expect(page.getByRole("heading", { level: 1, name: "Ihr Konto" })).toBeVisible();
  for (const name of ["Ihre Abonnements", "Karten", "Rechnungsangaben", "Belege und Gutschriften"])
    await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Rechnungsangaben speichern" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Karte hinzufügen" })).toBeVisible();
  await expect(page.getByLabel("Sprache")).toHaveValue("de");
  await expect(page.getByLabel("Postleitzahl")).toBeVisible();
  await expect(page.getByTestId(`portal-contract-${contractId}`).getByText("Aktiv", { exact: true })).toBeVisible();
  // money the German way: decimal comma, the euro sign after the amount
  await expect(page.getByTestId("portal-next-charge")).toContainText(/Nächste Abrechnung .+: \d+,\d{2}\s€/);
  // the rendered words (innerText: no script or style text; screen-reader text included)
  // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what the customer reads
  const text = await page.locator("body").innerText();
  for (const english of ["Your", "Subscription", "Cards", "Billing", "Receipts", "Manage", "Save", "Next", "Active"])
    expect(text, `"${english}" on the German page`).not.toContain(english);
  await noHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);

  // the contract's own page, still German
  await page.getByRole("link", { name: `Verwalten Abonnement ${contractId}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ihr Abonnement" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Zahlungsverlauf" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Abonnement kündigen" })).toBeVisible();
  await expect(page.getByTestId("next-amount")).toHaveText(/^\d+,\d{2}\s€$/);
  // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what the customer reads
  const contractText = await page.locator("body").innerText();
  for (const english of [
    "Your ",
    "Next billing",
    "What you get",
    "Change plan",
    "Payment method",
    "Manage subscription",
    "Billing history",
    "Cancel subscription",
    "per period",
    "before tax",
    "ending in",
    "Back to",
  ])
    expect(contractText, `"${english}" on the German page`).not.toContain(english);
  await noHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
});

test("the Language select switches to Finnish and the choice is kept", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openPortal(page, request);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await page.getByLabel("Language").selectOption("fi");
  await expect(page.getByRole("heading", { level: 1, name: "Oma tilisi" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fi");
  await expect(page.getByLabel("Kieli")).toHaveValue("fi");
  await expect(page.getByRole("heading", { name: "Tilauksesi" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // stored on the customer: a new session without a locale, and the subscriber page, open in Finnish
  await openPortal(page, request);
  await expect(page.getByRole("heading", { level: 1, name: "Oma tilisi" })).toBeVisible();
  await page.goto(subscriberPath);
  await expect(page.locator("html")).toHaveAttribute("lang", "fi");
  await expect(page.getByRole("heading", { level: 1, name: "Tilauksesi" })).toBeVisible();
  await expect(page.getByTestId("next-amount")).toHaveText(/\d+,\d{2}\s€/);

  // back to English for the customer (the subscriber page's own select)
  await page.getByLabel("Kieli").selectOption("en");
  await expect(page.getByRole("heading", { level: 1, name: "Your subscription" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
