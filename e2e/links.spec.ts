// Every link leads somewhere: on the dashboard, a contract's page, a billing run's page and a customer's
// page, each link into the console (and to the subscriber page) answers something other than 404. The
// subscriber-page link is on the instance's own origin, as the API gives it.
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

/** The page's links to this service (console pages, subscriber pages), each checked once. */
async function checkLinks(page: Page, seen: Set<string>) {
  await page.waitForLoadState("networkidle");
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href).filter((h) => h.startsWith(location.origin)));
  const fresh = [...new Set(hrefs)].filter((h) => !seen.has(h) && !h.includes("/api/auth/"));
  for (const href of fresh) {
    seen.add(href);
    const res = await page.request.get(href, { maxRedirects: 0 });
    expect(res.status(), href).not.toBe(404);
    expect(res.status(), href).toBeLessThan(500);
  }
  return fresh.length;
}

test("no link on the dashboard, a contract, a run or a customer page leads to a 404", async ({ page, request }) => {
  test.setTimeout(180_000);
  // a contract with a failed run (cust-1002's card declines) and credit: the pages then carry run links
  const prices = await (await request.get("/api/v2/catalog/prices/?page_size=100", { headers: SECRET })).json();
  const basic = (Array.isArray(prices) ? prices : prices.results).find(
    (p: { reference: string }) => p.reference === "streaming-basic-monthly",
  );
  const created = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: { customer_reference: "cust-1002", items: [{ price: basic.id }], initial_billing_mode: "create_initial_run" },
  });
  expect(created.status()).toBe(201);
  const contract = await created.json();
  await request.post("/api/v2/test-clock/advance/", { headers: SECRET, data: { seconds: 1 } });

  await signIn(page);
  const seen = new Set<string>();
  expect(await checkLinks(page, seen)).toBeGreaterThan(5);

  await page.goto(`/admin/contracts/${contract.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const subscriberLink = page.getByRole("link", { name: /subscriber page/i }).first();
  await expect(subscriberLink).toHaveAttribute("href", contract.subscriber_page);
  await checkLinks(page, seen);

  const run = contract.initial_billing_run;
  await page.goto(`/admin/billing-runs/${run.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await checkLinks(page, seen);

  // the runs are on the customer page's Runs tab
  await page.goto("/admin/customers/cust-1002?tab=runs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await checkLinks(page, seen);
  // the contract's runs link to the run pages that exist
  expect([...seen].some((h) => h.endsWith(`/admin/billing-runs/${run.id}`))).toBe(true);
});
