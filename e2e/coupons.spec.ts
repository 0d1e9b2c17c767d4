// Coupons in the console: a seller creates a 20 % coupon for 3 runs and a promotion code for it, sees
// both listed with their redemption counts, and deactivates the code. axe on the page.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

test("a seller creates a coupon and a promotion code, then deactivates the code", async ({ page }) => {
  const stamp = Date.now();
  await signIn(page);
  await page.goto("/admin/coupons");
  await expect(page.getByRole("heading", { name: "Coupons", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const form = page.getByTestId("coupon-form");
  await form.getByLabel("Name").fill(`E2E Spring ${stamp}`);
  await form.getByLabel("Percent off").fill("20");
  await form.getByLabel("Duration").selectOption("repeating");
  await form.getByLabel("Number of runs").fill("3");
  await form.getByRole("button", { name: "Create coupon" }).click();
  const row = page.getByTestId("coupon-row").filter({ hasText: `E2E Spring ${stamp}` });
  await expect(row).toContainText("20 %");
  await expect(row).toContainText("3 runs");

  const codeForm = page.getByTestId("promotion-code-form");
  await codeForm.getByLabel("Coupon").selectOption({ label: `E2E Spring ${stamp}` });
  await codeForm.getByLabel("Code").fill(`SPRING${stamp}`);
  await codeForm.getByRole("button", { name: "Create promotion code" }).click();
  const codeRow = page.getByTestId("promotion-code-row").filter({ hasText: `SPRING${stamp}` });
  await expect(codeRow).toContainText(`E2E Spring ${stamp}`);
  await codeRow.getByRole("button", { name: "Deactivate promotion code" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Deactivate promotion code" }).click();
  await expect(codeRow).toContainText(/inactive/i);
  await expectNoSeriousA11yViolations(page);
});

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

test("a seller applies a coupon to a contract, removes it, and sees the coupon's redemption", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const coupon = await request.post("/api/v2/coupons/", {
    headers: SECRET,
    data: { name: `E2E Loyal ${stamp}`, percent_off: "15", duration: "repeating", duration_in_periods: 2 },
  });
  expect(coupon.status()).toBe(201);
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  const created = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: { customer_reference: "cust-1001", items: [{ price: prices[0].id }] },
  });
  expect(created.status()).toBe(201);
  const contract = await created.json();

  await signIn(page);
  await page.goto(`/admin/contracts/${contract.id}`);
  const section = page.getByTestId("contract-discount");
  await expect(section).toContainText("No discount");
  await section.getByRole("button", { name: "Apply coupon" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply coupon" });
  await dialog.getByLabel("Coupon").selectOption({ label: `E2E Loyal ${stamp}` });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Apply coupon" }).click();
  await expect(page.getByText("Discount applied")).toBeVisible();
  await expect(section).toContainText(`E2E Loyal ${stamp}`);
  await expect(section).toContainText("15 %");
  await expect(section).toContainText("2 runs");
  await expectNoSeriousA11yViolations(page);

  await section.getByRole("button", { name: "Remove discount" }).click();
  await page.getByRole("dialog", { name: "Remove discount?" }).getByRole("button", { name: "Remove discount" }).click();
  await expect(section).toContainText("No discount");

  await page.goto("/admin/coupons");
  const row = page.getByTestId("coupon-row").filter({ hasText: `E2E Loyal ${stamp}` });
  await row.getByRole("button", { name: "See redemptions" }).click();
  const redemptions = page.getByRole("dialog", { name: `Redemptions of “E2E Loyal ${stamp}”` });
  await expect(redemptions.getByRole("link", { name: `Contract ${contract.id}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
