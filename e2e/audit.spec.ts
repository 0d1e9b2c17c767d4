// Roles and the audit log in a real browser: a change in the console and one through the API both show
// in /admin/audit-log; the read-only user sees the console but cannot change anything.
import { expect, type Page, test } from "@playwright/test";

const PASSWORD = process.env.SEED_ADMIN_PASSWORD ?? "demo-password";
const ADMIN = "admin@example.com";
const VIEWER = "viewer@example.com";
const SECRET_KEY = process.env.SEED_SECRET_KEY ?? "sk_test_e2e_secret";

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test("a console change and an API change appear in the audit log with who made them", async ({ page, request }) => {
  const stamp = Date.now();
  await signIn(page, ADMIN);
  await expect(page.getByTestId("signed-in-role")).toHaveText("owner");

  await page.getByTestId("admin-nav").getByRole("link", { name: "Customers" }).click();
  await page.getByLabel("Reference").fill(`audit-ui-${stamp}`);
  await page.getByTestId("create-customer").click();
  await expect(page.getByTestId("customer-created")).toContainText(`audit-ui-${stamp}`);

  const api = await request.post("/api/v2/customers/", {
    headers: { authorization: `Api-Key ${SECRET_KEY}`, "x-request-id": `e2e-audit-${stamp}` },
    data: { reference: `audit-api-${stamp}` },
  });
  expect(api.status()).toBe(201);

  await page.getByTestId("admin-nav").getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader", { name: "When" })).toBeVisible();
  const rows = table.getByTestId("audit-row");
  // newest first: the API change, then the console change
  await expect(rows.nth(0)).toContainText("POST /v2/customers/");
  await expect(rows.nth(0)).toContainText(`e2e-audit-${stamp}`);
  await expect(rows.nth(0)).toContainText("sk_test_");
  await expect(rows.nth(0)).not.toContainText(SECRET_KEY);
  await expect(rows.nth(1)).toContainText("trpc customers.create");
  await expect(rows.nth(1)).toContainText(ADMIN);

  // an owner changes a role (and back): recorded too
  await page.getByTestId("admin-nav").getByRole("link", { name: "Users" }).click();
  const role = page.getByLabel(`Role of ${VIEWER}`);
  await expect(role).toHaveValue("read_only");
  for (const value of ["admin", "read_only"]) {
    await role.selectOption(value);
    await page.getByTestId("user-row").filter({ hasText: VIEWER }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("user-row").filter({ hasText: VIEWER }).getByRole("status")).toHaveText("Saved.");
    await page.reload();
    await expect(role).toHaveValue(value);
  }
  await page.goto("/admin/audit-log");
  await expect(page.getByTestId("audit-row").first()).toContainText("trpc users.setRole");

  await page.getByLabel("Who").selectOption("user");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/actor_type=user/);
  await expect(page.getByTestId("audit-table")).toContainText("trpc customers.create");
  await expect(page.getByTestId("audit-table")).not.toContainText("POST /v2/customers/");
});

test("the read-only user can look but not change anything", async ({ page }) => {
  await signIn(page, VIEWER);
  await expect(page.getByTestId("signed-in-role")).toHaveText("read-only");
  await page.goto("/admin/customers");
  // the console offers no change it would refuse (every page: read-only.spec.ts)
  await expect(page.getByTestId("create-customer")).toBeDisabled();
  await expect(page.getByTestId("create-customer")).toHaveAccessibleDescription(
    "Read-only users cannot create customers.",
  );

  await page.goto("/admin/users");
  await expect(page.getByTestId("users-table")).toContainText(VIEWER);
  await expect(page.getByTestId("role-form")).toHaveCount(0);

  await page.goto("/admin/audit-log?actor_type=user&action=no-such-action");
  await expect(page.getByTestId("audit-empty")).toBeVisible();
});
