// The console's frame in a real browser: sidebar pages (axe on each), skip link, aria-current, the
// 404 page, the test-mode banner, a dialog closing on Escape, the folded menu below 1024 px.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };
const OTHER = { Authorization: "Api-Key sk_test_e2e_other" };

test("every sidebar page that exists passes axe and is marked current", async ({ page }) => {
  // some twenty pages, each loaded and scanned by axe: 40 s alone, near a minute on a busy machine
  test.setTimeout(180_000);
  await signIn(page);
  const nav = page.getByTestId("admin-nav");
  const hrefs = await nav.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.slice(0, 3)).toEqual(["/admin", "/admin/customers", "/admin/contracts"]);
  expect(hrefs).toContain("/docs/api");
  let checked = 0;
  for (const href of hrefs.filter((h) => h.startsWith("/admin"))) {
    const res = await page.goto(href);
    if (res?.status() === 404) continue; // built by a later page; the 404 itself is checked below
    expect(res?.status(), href).toBe(200);
    const current = nav.locator('[aria-current="page"]');
    await expect(current, href).toHaveCount(1);
    await expect(current).toHaveAttribute("href", href);
    await expect(current).toHaveCSS("font-weight", "600"); // not colour alone
    await expectNoSeriousA11yViolations(page);
    checked++;
  }
  expect(checked).toBeGreaterThanOrEqual(6);
});

test("the console never fetches the API reference in the background", async ({ page }) => {
  const docs: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/docs/api")) docs.push(r.url());
  });
  await signIn(page);
  await page.goto("/admin/products");
  await page.waitForLoadState("networkidle");
  await page.mouse.move(5, 5);
  await page.waitForTimeout(1000);
  expect(docs).toEqual([]);
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/customers");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("main#main")).toBeFocused();
});

test("a missing or foreign product answers 404 with the console's page", async ({ page, request }) => {
  await signIn(page);
  for (const path of ["/admin/products/999999", "/admin/products/abc", "/admin/no-such-page"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByTestId("admin-nav")).toBeVisible(); // inside the console layout
    await expectNoSeriousA11yViolations(page);
  }
  const others = await (await request.get("/api/v2/catalog/products/", { headers: OTHER })).json();
  const foreign = (others.results ?? others)[0].id;
  expect((await page.goto(`/admin/products/${foreign}`))?.status()).toBe(404);
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const ours = await (await request.get("/api/v2/catalog/products/", { headers: SECRET })).json();
  expect((await page.goto(`/admin/products/${(ours.results ?? ours)[0].id}`))?.status()).toBe(200);

  const outside = await page.goto("/no-such-page-anywhere");
  expect(outside?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("a test-mode account shows the banner with its clock", async ({ page }) => {
  await signIn(page);
  const banner = page.getByTestId("test-mode-banner");
  await expect(banner).toContainText("Test mode");
  await expect(banner.getByTestId("test-clock-time")).toHaveText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2} \S+/);
  await expect(banner.locator("time")).toHaveAttribute("title", /Z \(UTC\)$/);
});

test("a dialog traps focus and closes on Escape", async ({ page }) => {
  await signIn(page);
  await page.getByTestId("sign-out-everywhere").click();
  const dialog = page.getByRole("dialog", { name: "Sign out everywhere?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("on all devices");
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Tab");
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("signed-in-user")).toBeVisible(); // still signed in
});

test("below 1024 px the sidebar folds behind a Menu button", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page);
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("admin-nav")).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.getByTestId("admin-nav").getByRole("link", { name: "Customers" }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(page.getByTestId("admin-nav")).toBeHidden();
  await expectNoSeriousA11yViolations(page);
});
