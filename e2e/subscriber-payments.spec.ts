// The subscriber page's money paths as a customer meets them: "Update card" with a card the bank declines is
// refused and the card on file stays; a failed payment has no receipt but a "Pay now", which with a
// declining card says why and with a new card pays it (then the receipt appears). axe on each state.
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { api, contractWithCard } from "./_billed-contract";

test.describe.configure({ mode: "serial" });

async function typeCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
}

test.beforeAll(async ({ request }) => {
  await api(request, "patch", "self-service-policy/", { allow_update_card: true });
});

test("update card: a declined card is refused and the card on file stays", async ({ page, request }) => {
  const { path } = await contractWithCard(request, "4242424242424242");
  await page.goto(path);
  await expect(page.getByTestId("card-on-file")).toHaveText("Visa ending in 4242");
  await page.getByRole("button", { name: "Update card" }).click();
  await expect(page.getByRole("heading", { name: "Update your card" })).toBeVisible();
  await typeCard(page, "4000 0000 0000 0002");
  const refused = page.getByRole("alert").filter({ hasText: "declined" });
  await expect(refused).toContainText("The card was declined.");
  await expect(refused).toContainText("not saved");
  await expect(page.getByText(/your order/i)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Back to your subscription" }).click();
  await expect(page.getByTestId("card-on-file")).toHaveText("Visa ending in 4242");
});

test("a failed payment: no receipt, Pay now says why with a declining card, then pays with a new card", async ({
  page,
  request,
}) => {
  const { contract, path } = await contractWithCard(request, "4000000000000002");
  await page.goto(path);
  const row = page.getByTestId("history-run").first();
  await expect(row).toContainText("Payment failed");
  await expect(row).toContainText("The card was declined.");
  await expect(row.getByRole("link", { name: /Receipt/ })).toHaveCount(0);
  await expect(page.getByTestId("notice-payment-attention")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await row.getByRole("button", { name: /Pay now/ }).click();
  await expect(row.getByRole("alert")).toContainText("declined");
  await expect(row.getByRole("alert")).toContainText("Nothing was charged");

  await page.getByRole("button", { name: "Update card" }).click();
  await typeCard(page, "4242 4242 4242 4242");
  await expect(page.getByTestId("verified")).toContainText("Your new card is saved");
  await page.getByRole("link", { name: "Back to your subscription" }).click();
  await expect(page.getByTestId("card-on-file")).toHaveText("Visa ending in 4242");
  await page
    .getByTestId("history-run")
    .first()
    .getByRole("button", { name: /Pay now/ })
    .click();
  const paid = page.getByTestId("history-run").first();
  await expect(paid).toContainText("Paid");
  await expect(paid.getByRole("link", { name: /Receipt/ })).toBeVisible();
  await expect(page.getByTestId("notice-payment-attention")).toHaveCount(0);
  const run = await api(request, "get", `billing-runs/${contract.initial_billing_run.id}/`);
  expect(run.state).toBe("succeeded");
  // one successful charge of the run's total (9.90 + 24 % VAT)
  expect(run.attempts.filter((a: { state: string }) => a.state === "succeeded")).toHaveLength(1);
  await expectNoSeriousA11yViolations(page);
});
