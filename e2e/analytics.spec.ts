// The Analytics page in a real browser: opened from the nav, a movement read against the API's figure and
// drilled down to its contract, currency and months switched through the URL; axe and a 375 px phone.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

test("analytics: movements from the nav, drill-down to a contract, URL range and currency, phone width", async ({
  page,
  request,
}) => {
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  const created = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: { customer_reference: "cust-1003", items: [{ price: prices[0].id }] },
  });
  expect(created.status()).toBe(201);
  const contract = await created.json();
  const api = await (
    await request.get(`/api/v2/analytics/mrr-movements/?currency=${contract.currency}`, { headers: SECRET })
  ).json();
  const months = api.currencies[0].months;
  const month = months.at(-1);
  const newMove = month.movements.find((m: { kind: string }) => m.kind === "new");
  expect(newMove.contracts).toBeGreaterThan(0);

  await signIn(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: "MRR and retention" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics/);
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  const cell = page.getByTestId(`movements-${contract.currency}`).getByTestId(`movement-${month.month}-new`);
  await expect(cell).toBeVisible();
  await cell.getByRole("link").click();
  const drill = page.getByTestId("analytics-contracts");
  await expect(drill).toBeVisible();
  await expect(drill.getByRole("link", { name: `Contract #${contract.id}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await drill.getByRole("link", { name: `Contract #${contract.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/contracts/${contract.id}`));

  await page.goto(`/admin/analytics?currency=USD&from=${months[0].month}&to=${month.month}`);
  await expect(page.getByTestId(`movements-${contract.currency}`)).toHaveCount(contract.currency === "USD" ? 1 : 0);
  await expect(page.getByRole("combobox", { name: "Currency" })).toHaveValue("USD");

  // the movements of the range as a file: the link carries the page's range and currency
  const csv = page.getByRole("link", { name: "Export CSV of these MRR movements" });
  await expect(csv).toHaveAttribute("href", /\/admin\/exports\/mrr-movements\?.*currency=USD/);
  const file = await page.request.get((await csv.getAttribute("href")) as string);
  expect(file.status()).toBe(200);
  expect((await file.text()).split(/\r?\n/)[0]).toBe(
    "month,currency,kind,customer_id,customer_reference,customer_name,opening_mrr,closing_mrr,amount,contract_ids",
  );

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/admin/analytics?currency=${contract.currency}`);
  await expect(page.getByTestId(`movements-${contract.currency}`)).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
});
