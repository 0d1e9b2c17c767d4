// Foresight in the console: a price change simulated on the price page (the figures are the API's,
// POST /v2/catalog/prices/{id}/versions/simulate/), confirmed, then cancelled again so later specs see the
// seeded amounts; a billing run line opened to its explanation (the API's text); a forecast cell opened
// to its runs. axe with each dialog open.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

test.setTimeout(120_000);

test("simulate a price change, see the affected contract, confirm it; explain a run line and a forecast cell", async ({
  page,
  request,
}) => {
  const [price] = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  // the largest change on the price (quantity 40), so it leads the list of affected contracts
  const created = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: {
      customer_reference: "cust-1001",
      items: [{ price: price.id, quantity: 40 }],
      initial_billing_mode: "create_initial_run",
    },
  });
  expect(created.status()).toBe(201);
  const contract = await created.json();
  // ten days after the account's now (the contract's creation), at noon UTC
  const day = new Date(new Date(contract.created_at).getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
  const api = await request.post(`/api/v2/catalog/prices/${price.id}/versions/simulate/`, {
    headers: SECRET,
    data: { unit_amount: "12.50", effective_from: `${day}T12:00:00Z` },
  });
  expect(api.status()).toBe(200);
  const expected = (await api.json()).contracts.find((c: { contract_id: number }) => c.contract_id === contract.id);
  expect(expected, "the new contract is affected").toBeTruthy();

  await signIn(page);
  await page.goto(`/admin/products/${price.product_id}`);
  await page
    .getByTestId("price-card")
    .filter({ hasText: "streaming-basic-monthly" })
    .first()
    .getByText("Schedule a price change")
    .click();
  const form = page.getByTestId(`schedule-form-${price.id}`);
  await form.getByLabel("New amount").fill("12.50");
  // the form takes the account's time zone: noon there is the same day within ±12 hours of UTC
  await form.getByLabel(/^Effective from/).fill(`${day}T12:00`);
  await form.getByRole("button", { name: "Simulate" }).click();
  const dialog = page.getByRole("dialog", { name: "What this price change does" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("simulation-affected")).not.toHaveText("0");
  const row = dialog.getByRole("row").filter({ has: page.getByRole("link", { name: `Contract ${contract.id}` }) });
  await expect(row).toHaveCount(1);
  await expect(row.locator(`[data-amount="${expected.old_amount}"]`)).toHaveCount(1);
  await expect(row.locator(`[data-amount="${expected.new_amount}"]`)).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Schedule version" }).click();
  await expect(dialog).toBeHidden();
  const versions = page.getByTestId(`versions-${price.id}`);
  await expect(versions.locator('[data-amount="12.5000"]')).toHaveCount(1);
  // undo, so the specs after this one bill the seeded amount
  await page.getByRole("button", { name: "Cancel scheduled version" }).first().click();
  await page
    .getByRole("dialog", { name: "Cancel scheduled version?" })
    .getByRole("button", { name: "Cancel scheduled version" })
    .click();
  await expect(versions.locator('[data-amount="12.5000"]')).toHaveCount(0);

  // a run line's explanation is the API's text
  const [run] = await (await request.get(`/api/v2/billing-runs/?contract=${contract.id}`, { headers: SECRET })).json();
  const detail = await (await request.get(`/api/v2/billing-runs/${run.id}/`, { headers: SECRET })).json();
  await page.goto(`/admin/billing-runs/${run.id}`);
  await page
    .getByRole("button", { name: /^Explain / })
    .first()
    .click();
  const explain = page.getByRole("dialog", { name: "How Streaming Basic is priced" });
  await expect(explain.getByTestId("explain-text")).toHaveText(detail.lines[0].description);
  await expect(explain.getByTestId("explain-chain")).toContainText("40 ×");
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(explain).toBeHidden();

  // a forecast cell opens the runs that make it
  await page.goto("/admin/forecast");
  const forecast = await (await request.get("/api/v2/forecast/", { headers: SECRET })).json();
  const eur = forecast.currencies.find((c: { currency: string }) => c.currency === "EUR");
  const month = eur.months.find((m: { runs: number }) => m.runs > 0);
  await page.getByTestId(`forecast-EUR-${month.month}`).click();
  const cell = page.getByRole("dialog", { name: `Billed in ${month.month} (EUR)` });
  await expect(cell).toContainText(`${month.runs} runs`);
  await expect(cell.getByRole("link", { name: /^Contract \d+$/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
