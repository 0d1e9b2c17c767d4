// Settings and developer pages in a real browser: a webhook endpoint created and its delivery seen
// (test event, replay, secret rotation), a sales channel created and its snippet copied, API keys
// created (shown once) and revoked, account settings and processors; axe on every page and dialog.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test("create a webhook endpoint and see a delivery", async ({ page }) => {
  // the e2e app is not production (scripts/test.mjs: APP_ENV=test, WEBHOOKS_ALLOW_LOOPBACK=1), so the endpoint
  // is a receiver this test runs on 127.0.0.1, and the delivery it answers with 200 appears in the log
  const received: { body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ body });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks-${Date.now()}`;
  try {
    await webhookJourney(page, url, received);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

async function webhookJourney(page: Page, url: string, received: { body: string }[]) {
  await signIn(page);
  await page.goto("/admin/webhooks");
  await expectNoSeriousA11yViolations(page);

  const form = page.getByTestId("new-webhook-form");
  // the loopback exception never opens private networks
  await form.getByLabel("Endpoint URL").fill("http://10.0.0.1:9/hook");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(form.getByTestId("webhook-url-error")).toContainText("may not point at loopback");

  await form.getByLabel("Endpoint URL").fill(url);
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: "Endpoint added: its signing secret" });
  await expect(dialog).toContainText("You won't see it again");
  const secret = (await dialog.getByTestId("secret-once-value").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_/);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "I have copied it" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("webhook-endpoint-row").filter({ hasText: url });
  await expect(row).toBeVisible();
  await expect(page.getByTestId("webhook-endpoints-table")).not.toContainText(secret);

  await row.getByRole("link", { name: url }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(url);
  await expect(page.getByTestId("empty-state")).toContainText("No deliveries yet");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Send test event" }).click();
  const delivery = page.getByTestId("delivery-row").first();
  await expect(delivery).toBeVisible({ timeout: 20_000 });
  await expect(delivery.getByTestId("delivery-status")).toHaveText("HTTP 200");
  await expect(delivery).toContainText(/evt_/);
  expect(received.length).toBe(1);
  expect(JSON.parse(received[0].body)).toMatchObject({ type: "ping" });
  await expect(delivery.getByRole("cell").nth(3)).toHaveText("1");
  await delivery.getByRole("button", { name: /^Replay evt_/ }).click();
  await expect(page.getByText(/Sent again|Delivered again/)).toBeVisible({ timeout: 20_000 });
  expect(received.length).toBe(2);
  await expect(delivery.getByRole("cell").nth(3)).toHaveText("1"); // a replay starts a fresh series
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Rotate secret" }).click();
  const confirm = page.getByRole("dialog", { name: "Rotate the signing secret?" });
  await expect(confirm).toContainText("shown once");
  await confirm.getByRole("button", { name: "Rotate secret" }).click();
  const rotated = page.getByRole("dialog", { name: "The new signing secret" });
  const newSecret = (await rotated.getByTestId("secret-once-value").textContent()) ?? "";
  expect(newSecret).toMatch(/^whsec_/);
  expect(newSecret).not.toBe(secret);
  await rotated.getByRole("button", { name: "I have copied it" }).click();
  await expect(page.getByTestId("summary-strip")).toContainText(`${newSecret.slice(0, 10)}…`);

  expect((await page.goto("/admin/webhooks/999999999"))?.status()).toBe(404);
}

test("create a sales channel and copy its snippet", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const name = `E2E channel ${Date.now()}`;
  await signIn(page);
  await page.goto("/admin/sales-channels");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "New sales channel" }).click();
  await expect(page).toHaveURL(/\/admin\/sales-channels\/new$/);
  await expectNoSeriousA11yViolations(page);

  const form = page.getByTestId("sales-channel-form");
  await form.getByLabel("Name").fill(name);
  const start = form.getByLabel("Start from a price");
  await expect(start.locator("option", { hasText: "(streaming-basic-monthly)" })).toHaveCount(1);
  await start.selectOption({
    label: (await start.locator("option", { hasText: "(streaming-basic-monthly)" }).textContent()) ?? "",
  });
  await expect(form.getByLabel("Offer (JSON)")).toHaveValue(/"price"/);
  await form.getByLabel(/Sandbox card form/).check();
  await form.getByRole("button", { name: "Create sales channel" }).click();
  await expect(form.getByTestId("channel-origins-error")).toContainText("At least one allowed origin is required.");

  await form.getByLabel("Allowed origins").fill("https://shop.example.com");
  await form.getByLabel("Primary colour").fill("#0055ff");
  await form.getByLabel("Terms URL").fill("https://shop.example.com/terms");
  await form.getByRole("button", { name: "Create sales channel" }).click();
  await expect(page).toHaveURL(/\/admin\/sales-channels\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const code = page.getByTestId("embed-snippet-code");
  await expect(code).toContainText("/embed/v1.js");
  await expect(code).toContainText("SubscriptionCheckout.mount(document.getElementById('checkout')");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Copy embed snippet" }).click();
  await expect(page.getByText("Copied").first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.textContent());

  // an edit keeps what the form does not show, and the list shows the channel
  await page.getByLabel("Active (new checkout sessions can be created)").uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("page-status")).toHaveText("Inactive");
  await page.goto("/admin/sales-channels");
  await expect(page.getByTestId("sales-channel-row").filter({ hasText: name })).toContainText("Inactive");
  expect((await page.goto("/admin/sales-channels/999999999"))?.status()).toBe(404);
});

test("an API key is shown once at creation and refused once revoked", async ({ page }) => {
  const name = `E2E key ${Date.now()}`;
  await signIn(page);
  await page.goto("/admin/api-keys");
  await expectNoSeriousA11yViolations(page);
  const form = page.getByTestId("new-api-key-form");
  await form.getByLabel("Name").fill(name);
  const created = page.waitForResponse((r) => r.url().includes("/api/trpc/apiKeys.create"));
  await form.getByRole("button", { name: "Create API key" }).click();
  expect((await created).headers()["cache-control"]).toContain("no-store"); // the response carries the key
  const dialog = page.getByRole("dialog", { name: "Your new API key" });
  await expect(dialog).toContainText("You won't see it again");
  const key = (await dialog.getByTestId("secret-once-value").textContent()) ?? "";
  expect(key).toMatch(/^sk_test_/);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "I have copied it" }).click();

  const auth = { Authorization: `Api-Key ${key}` };
  expect((await page.request.get("/api/v2/sales-channels/", { headers: auth })).status()).toBe(200);
  const row = page.getByTestId("api-key-row").filter({ hasText: name });
  await expect(row).toContainText("Active");
  await expect(page.getByTestId("api-keys-table")).not.toContainText(key);
  await row.getByRole("button", { name: /^Revoke API key/ }).click();
  const confirm = page.getByRole("dialog", { name: /^Revoke API key/ });
  await expect(confirm).toContainText("refused (401)");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
  await expect
    .poll(async () => (await page.request.get("/api/v2/sales-channels/", { headers: auth })).status())
    .toBe(401);
});

test("account settings and payment processors", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/settings");
  await expect(page.getByTestId("account-mode")).toHaveText(/Test mode|Live mode/);
  await expectNoSeriousA11yViolations(page);
  const form = page.getByTestId("account-settings-form");
  await form.getByLabel("Subscriber page URL (subscriber_url)").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByTestId("account-subscriber-url-error")).toBeVisible();
  await form.getByLabel("Subscriber page URL (subscriber_url)").fill("https://shop.example.com/my-subscription");
  await form.getByLabel("Display time zone").selectOption("Europe/Helsinki");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Account settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Display time zone")).toHaveValue("Europe/Helsinki");
  await expect(page.getByLabel("Subscriber page URL (subscriber_url)")).toHaveValue(
    "https://shop.example.com/my-subscription",
  );
  // leave the account as the other specs expect it: subscriber pages on this service, UTC
  await page.getByLabel("Subscriber page URL (subscriber_url)").fill("");
  await page.getByLabel("Display time zone").selectOption("UTC");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Account settings saved").first()).toBeVisible();

  await page.goto("/admin/settings/processors");
  await expect(page.getByTestId("processor-row").filter({ hasText: "Sandbox card form" })).toContainText("EUR");
  await expectNoSeriousA11yViolations(page);
});
