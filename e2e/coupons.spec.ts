// Coupons in the console: a seller creates a 20 % coupon for 3 runs and a promotion code for it, sees
// both listed with their redemption counts, and deactivates the code. axe on the page.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_signIn";

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
  await expect(row).toContainText("20.0000 %");
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
