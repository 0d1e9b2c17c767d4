// Billable metrics in the console: a seller is told the property a sum needs, creates the metric, sees it in
// the table, and archives it through the confirmation dialog. axe on the page, the dialog and the result.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

test("a seller creates a billable metric and archives it", async ({ page }) => {
  const code = `e2e_bytes_${Date.now()}`;
  await signIn(page);
  await page.goto("/admin/billable-metrics");
  await expect(page.getByRole("heading", { name: "Billable metrics", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const form = page.getByTestId("billable-metric-form");
  await form.getByLabel("Code").fill(code);
  await form.getByLabel("Name").fill("E2E storage");
  await form.getByLabel("Aggregation").selectOption("sum");
  await form.getByLabel("Filters").fill("region=eu; region=us");
  await form.getByRole("button", { name: "Create billable metric" }).click();
  await expect(page.getByTestId("metric-field_name-error")).toContainText("Required by aggregation sum.");
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel("Property").fill("bytes");
  await form.getByRole("button", { name: "Create billable metric" }).click();
  const row = page.getByTestId("billable-metric-row").filter({ hasText: code });
  await expect(row).toContainText("E2E storage");
  await expect(row).toContainText("sum of bytes");
  await expect(row).toContainText("region = eu or us");
  await expect(row).toContainText("Active");

  await row.getByRole("button", { name: `Archive ${code}` }).click();
  const dialog = page.getByRole("dialog", { name: `Archive billable metric ${code}?` });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Archive" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Archived");
  await expect(row.getByRole("button", { name: `Archive ${code}` })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
