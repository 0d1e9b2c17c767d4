// Money and dates read the same everywhere in the console: price pickers through the money formatter
// ("€9.90 / month", never "9.9000 EUR"), the quote's billing time as its dates show it, a paid run's
// "Amount paid", and the test clock's "Advance to" as a 24-hour time in the account's zone.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

test("price pickers and the quote's schedule use the console's money and time", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/contracts/new");
  await page.getByRole("radio", { name: "Individual prices" }).check();
  const picker = page.getByLabel("Price 1: price");
  await expect(picker.locator("option", { hasText: "Streaming Basic — €9.90 / month" })).toHaveCount(1);
  await expect(picker).not.toContainText("9.9000");
  await picker.selectOption({ label: "Streaming Basic — €9.90 / month (streaming-basic-monthly)" });
  const schedule = page.getByTestId("quote-schedule");
  await expect(schedule).toContainText("every month at");
  // the time the text says is the time of the dates listed under it (both in the account's zone)
  const time = (await page.getByTestId("quote-billing-time").textContent()) ?? "";
  expect(time).toMatch(/^\d{2}:\d{2} \S+$/);
  await expect(schedule.getByRole("listitem").first()).toContainText(time);
  await expectNoSeriousA11yViolations(page);

  await page.goto("/admin/bundles/new");
  const form = page.getByTestId("new-bundle-form");
  await form.getByLabel("Item 1: product").selectOption({ label: "Streaming Basic" });
  const defaultPrice = form.getByLabel("Item 1: default price");
  await expect(defaultPrice.locator("option", { hasText: "€9.90 / month" }).first()).toBeAttached();
  await expect(defaultPrice).not.toContainText(".9000");
});

test("a paid run reads 'Amount paid'; the test clock takes a 24-hour time", async ({ page, request }) => {
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  const created = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: {
      customer_reference: "cust-1001",
      items: [{ price: prices[0].id }],
      initial_billing_mode: "create_initial_run",
    },
  });
  expect(created.status()).toBe(201);
  const contract = await created.json();
  await request.post("/api/v2/test-clock/advance/", { headers: SECRET, data: { seconds: 1 } });
  const run = await (
    await request.get(`/api/v2/billing-runs/${contract.initial_billing_run.id}/`, { headers: SECRET })
  ).json();
  expect(run.state).toBe("succeeded");

  await signIn(page);
  await page.goto(`/admin/billing-runs/${run.id}`);
  const strip = page.getByTestId("summary-strip");
  await expect(strip).toContainText("Amount paid");
  await expect(strip).not.toContainText("Amount due");

  await page.goto("/admin/billing/test-clock");
  const to = page.getByLabel("Advance to");
  await expect(page.getByText("Advance to (UTC, 24-hour)")).toBeVisible();
  await expect(to).toHaveAttribute("type", "text");
  await expect(page.getByTestId("clock-now")).not.toHaveText("…");
  await expect(to).toHaveAttribute("placeholder", /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await to.fill("2:30 PM");
  await page.getByRole("button", { name: "Advance clock" }).click();
  await expect(page.getByTestId("clock-progress")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
