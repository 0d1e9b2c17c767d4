// Upcoming runs on the contract page and the account forecast page in a real browser: the figures are the
// API's (GET /v2/subscription-contracts/{id}/upcoming/, GET /v2/forecast/); axe on each page.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

test("a contract's upcoming runs open to their explanations; the forecast page shows the API's figures", async ({
  page,
  request,
}) => {
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  const created = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: { customer_reference: "cust-1001", items: [{ price: prices[0].id }] },
  });
  expect(created.status()).toBe(201);
  const contract = await created.json();
  const upcoming = await (
    await request.get(`/api/v2/subscription-contracts/${contract.id}/upcoming/`, { headers: SECRET })
  ).json();
  await signIn(page);
  await page.goto(`/admin/contracts/${contract.id}`);
  const section = page.getByTestId("contract-upcoming-runs");
  await expect(section.getByRole("heading", { name: "Upcoming runs" })).toBeVisible();
  const total = section.getByTestId("upcoming-run-total");
  await expect(total).toHaveCount(1);
  await expect(total).toHaveAttribute("data-amount", upcoming.results[0].total_amount);
  await section.locator("summary").first().click();
  await expect(section.getByTestId("upcoming-line-explanation").first()).toHaveText(
    upcoming.results[0].lines[0].description,
  );
  await section.getByLabel("Show").selectOption({ label: "12 months" });
  // through the day before the same date next year: about 11 monthly runs (the page does not know the test clock)
  await expect.poll(() => total.count()).toBeGreaterThan(5);
  await expectNoSeriousA11yViolations(page);

  await page.goto("/admin");
  await page.getByRole("link", { name: "See the billing forecast for the next 12 months" }).click();
  await expect(page).toHaveURL(/\/admin\/forecast$/);
  await expect(page.getByRole("heading", { name: "Forecast", level: 1 })).toBeVisible();
  const api = await (await request.get("/api/v2/forecast/", { headers: SECRET })).json();
  const eur = api.currencies.find((c: { currency: string }) => c.currency === "EUR");
  const month = eur.months.find((m: { runs: number }) => m.runs > 0);
  await expect(page.getByTestId(`forecast-EUR-${month.month}`)).toHaveAttribute("data-amount", month.billed_amount);
  await expectNoSeriousA11yViolations(page);
});
