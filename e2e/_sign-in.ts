// Signs in to the console as the seeded owner (or another seeded user) and waits for the dashboard.
import { expect, type Page } from "@playwright/test";

export async function signIn(page: Page, email = "admin@example.com", password = "demo-password") {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // signing in (bcrypt) is slow on a loaded machine
  await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
}
