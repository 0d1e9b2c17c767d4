// Usage-based billing end to end: in the console a seller creates a billable metric and a metered price with
// graduated tiers (told first that a metered price needs a metric); a contract on that price is created and
// its usage sent through the REST API; the contract's Usage tab and the subscriber page show the usage so far
// and its amount; once the test clock passes the period's end, the next run bills a usage line. axe on the
// new form, tab and section. Codes and references are unique: the e2e account is shared by the specs.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { addCard, api, cardProcessor } from "./_billed-contract";
import { signIn } from "./_sign-in";

test.describe.configure({ timeout: 180_000 });

test("a metered price's usage: console form, Usage tab, subscriber page and the next run", async ({
  page,
  request,
}) => {
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const code = `e2e_calls_${tag}`;
  const metricName = `E2E calls ${tag}`;
  const priceRef = `e2e-metered-${tag}`;
  const product = await api(request, "post", "catalog/products/", {
    name: `E2E API ${tag}`,
    reference: `e2e-api-${tag}`,
  });

  // the metric, in the console
  await signIn(page);
  await page.goto("/admin/billable-metrics");
  const metricForm = page.getByTestId("billable-metric-form");
  await metricForm.getByLabel("Code").fill(code);
  await metricForm.getByLabel("Name").fill(metricName);
  await metricForm.getByLabel("Aggregation").selectOption("count");
  await metricForm.getByRole("button", { name: "Create billable metric" }).click();
  await expect(page.getByTestId("billable-metric-row").filter({ hasText: code })).toContainText("Active");

  // the metered price with graduated tiers, on the product's page
  await page.goto(`/admin/products/${product.id}`);
  const form = page.getByTestId("new-price-form");
  await form.getByLabel("Usage type").selectOption({ label: "Metered" });
  await form.getByLabel("Pricing model").selectOption({ label: "Graduated tiers" });
  await form.getByLabel("Tier 1 up to").fill("100");
  await form.getByLabel("Tier 1 unit amount").fill("0");
  await expect(form.getByTestId("tier-open")).toHaveText("and above");
  await form.getByLabel("Tier 2 unit amount").fill("0.5");
  await form.getByLabel("Reference").fill(priceRef);
  await form.getByRole("button", { name: "Create price" }).click();
  // no metric chosen: the server's message under the field
  await expect(page.getByTestId("price-billable_metric_id-error")).toHaveText(
    "A metered price needs a billable metric.",
  );
  await expectNoSeriousA11yViolations(page);
  await form.getByLabel("Billable metric").selectOption({ label: `${metricName} (${code})` });
  await form.getByRole("button", { name: "Create price" }).click();
  await expect(page.getByTestId("price-created")).toContainText(priceRef);
  const card = page.getByTestId("price-card").filter({ hasText: priceRef });
  await expect(card).toContainText("billed by usage, graduated tiers 0–100 × 0.0000, 101+ × 0.5000 EUR");
  await expectNoSeriousA11yViolations(page);

  // a contract on it, with a card on file, through the REST API
  const [price] = await api(request, "get", `catalog/prices/?reference=${priceRef}`);
  expect(price.usage_type).toBe("metered");
  const customer = `e2e-usage-${tag}`;
  await api(request, "post", "customers/", { reference: customer, name: "Uma Usage" });
  const processor = await cardProcessor(request, price.id);
  await addCard(request, customer, processor, "4242424242424242");
  const contract = await api(request, "post", "subscription-contracts/", {
    customer_reference: customer,
    items: [{ price: price.id }],
    payment_processor_override: processor,
  });
  await api(request, "post", "test-clock/advance/", { seconds: 2 });

  // 150 calls: 100 free, 50 × 0.50 = €25.00
  const at = new Date(Date.parse(contract.created_at) + 500).toISOString();
  const events = Array.from({ length: 150 }, (_, i) => ({
    transaction_id: `${tag}-${i}`,
    code,
    contract_id: contract.id,
    timestamp: at,
  }));
  const sent = await api(request, "post", "usage-events/", { events });
  expect(sent.accepted, JSON.stringify(sent.rejected)).toBe(150);

  // the contract page's Usage tab
  await page.goto(`/admin/contracts/${contract.id}`);
  await page.getByRole("tab", { name: "Usage" }).click();
  await expect(page).toHaveURL(/tab=usage/);
  const item = page.getByTestId("usage-item");
  await expect(item.getByRole("heading", { name: new RegExp(metricName) })).toBeVisible();
  await expect(item.getByTestId("usage-quantity")).toHaveText(`150 ${metricName}`);
  await expect(item.getByTestId("usage-amount")).toHaveText("€25.00");
  const tiers = item.getByRole("table", { name: `Tiers reached by ${metricName} so far` });
  await expect(tiers.getByRole("row")).toHaveCount(3);
  await expect(tiers.getByRole("row").nth(2)).toContainText("101–150");
  await expect(item).toContainText("Estimate at period end");
  await expect(item.getByRole("table", { name: `${metricName} by day this period` })).toBeAttached();
  await expectNoSeriousA11yViolations(page);

  // the subscriber page
  await page.goto(new URL(contract.subscriber_page).pathname);
  const usage = page.getByRole("region", { name: "Usage this period" });
  await expect(usage).toContainText(`Used so far: 150 ${metricName}`);
  await expect(usage).toContainText("€25.00 so far this period");
  await expect(usage).toContainText("Estimate by");
  await expect(page.getByTestId("items")).toContainText("Billed by usage");
  await expectNoSeriousA11yViolations(page);

  // past the period's end: the next run bills the usage in arrears
  const end = contract.items[0].current_service_period_end_at;
  await api(request, "post", "test-clock/advance/", { to: new Date(Date.parse(end) + 3_600_000).toISOString() });
  const runs = await api(request, "get", `billing-runs/?contract=${contract.id}`);
  const list = Array.isArray(runs) ? runs : runs.results;
  const billed = list.find((r: { lines: { kind: string }[] }) => r.lines?.some((l) => l.kind === "usage"));
  expect(billed, JSON.stringify(list.map((r: { id: number; kind: string }) => [r.id, r.kind]))).toBeTruthy();
  await page.goto(`/admin/billing-runs/${billed.id}`);
  const line = page.getByRole("row").filter({ hasText: "usage, billed in arrears" });
  await expect(line).toContainText("150 used");
  await expect(line).toContainText("€25.00");
  await expect(line).toContainText("graduated tiers");
  await expectNoSeriousA11yViolations(page);
});
