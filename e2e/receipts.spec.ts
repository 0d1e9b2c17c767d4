// Receipts in a real browser: a succeeded run's console page links to its receipt, which shows the
// number the API gives it, downloads as a PDF, and is on the customer's subscriber page too (404 there
// for a run of another contract); axe on each page.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

test("a succeeded run links to its numbered receipt, as a page and a PDF, in the console and for the subscriber", async ({
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
  const to = new Date(new Date(contract.next_billing_at).getTime() + 3_600_000).toISOString();
  expect((await request.post("/api/v2/test-clock/advance/", { headers: SECRET, data: { to } })).status()).toBe(200);
  const runs = await (await request.get(`/api/v2/billing-runs/?contract=${contract.id}`, { headers: SECRET })).json();
  const paid = runs.find((r: { state: string }) => r.state === "succeeded");
  expect(paid, "the run succeeded").toBeTruthy();
  const receipt = await (await request.get(`/api/v2/billing-runs/${paid.id}/receipt/`, { headers: SECRET })).json();
  expect(receipt.receipt_number).toMatch(/^R-\d{6,}$/);

  await signIn(page);
  await page.goto(`/admin/billing-runs/${paid.id}`);
  await expect(page.getByRole("heading", { name: `Billing run ${paid.id}` })).toBeVisible();
  await page.getByRole("link", { name: "View the receipt" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/billing-runs/${paid.id}/receipt$`));
  await expect(page.getByRole("heading", { name: `Receipt ${receipt.receipt_number}` })).toBeVisible();
  await expect(page.getByTestId("receipt-number")).toHaveText(receipt.receipt_number);
  await expect(page.getByTestId("receipt-customer")).toContainText("Alice Example");
  await expect(page.getByTestId("receipt-lines")).toContainText("Streaming");
  await expect(page.getByTestId("receipt-totals")).toContainText("Amount charged");
  // 9.90 + 24 % VAT = 12.276, charged 12.28: the rounding reads as what was added, in cents elsewhere
  await expect(page.getByTestId("receipt-rounding")).toHaveText("+€0.004");
  await expect(page.getByTestId("receipt-charged")).toHaveText("€12.28");
  await expectNoSeriousA11yViolations(page);
  const pdf = await page.request.get(`/admin/billing-runs/${paid.id}/receipt/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // the subscriber page's receipt: the token's contract only
  const token = new URL(contract.subscriber_page).pathname.split("/")[2];
  const sub = await page.goto(`/change_contract/${token}/receipts/${paid.id}`);
  expect(sub?.status()).toBe(200);
  expect(sub?.headers()["cache-control"]).toContain("no-store");
  await expect(page.getByTestId("receipt-number")).toHaveText(receipt.receipt_number);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expectNoSeriousA11yViolations(page);
  const subPdf = await page.request.get(`/change_contract/${token}/receipts/${paid.id}/pdf`);
  expect(subPdf.status()).toBe(200);
  // a succeeded run of another contract of the account is not this subscriber's
  const all = await (await request.get("/api/v2/billing-runs/?state=succeeded", { headers: SECRET })).json();
  const other = all.find((r: { contract_id: number }) => r.contract_id !== contract.id)?.id ?? paid.id + 100_000;
  expect((await page.goto(`/change_contract/${token}/receipts/${other}`))?.status()).toBe(404);
});
