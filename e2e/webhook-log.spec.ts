// The delivery log of a webhook endpoint in a real browser: deliveries paged and filtered on the server
// with the filter in the URL, and a delivery's attempts in a dialog (an answer of 503, then 200 after a
// replay); axe on the page and the dialog. The receiver runs on 127.0.0.1 (the e2e app allows loopback).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./_axe";
import { signIn } from "./_sign-in";

test("filter an endpoint's delivery log and see a delivery's attempts", async ({ page }) => {
  let requests = 0;
  // the first request is answered 503, every later one 200
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests++;
      if (requests === 1) res.writeHead(503, { "content-type": "text/plain" }).end("busy, try later");
      else res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/log-${Date.now()}`;
  try {
    await journey(page, url);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

async function journey(page: Page, url: string) {
  await signIn(page);
  await page.goto("/admin/webhooks");
  const form = page.getByTestId("new-webhook-form");
  await form.getByLabel("Endpoint URL").fill(url);
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const secretDialog = page.getByRole("dialog", { name: "Endpoint added: its signing secret" });
  await secretDialog.getByRole("button", { name: "I have copied it" }).click();
  await page.getByTestId("webhook-endpoint-row").filter({ hasText: url }).getByRole("link", { name: url }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(url);

  // two test events: the first answered 503 (waiting for its retry), the second 200
  const rows = page.getByTestId("delivery-row");
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  await expect(rows.first().getByTestId("delivery-status")).toHaveText("HTTP 503");
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(rows).toHaveCount(2, { timeout: 20_000 });

  // filtered on the server, the filter kept in the URL
  const filters = page.getByTestId("delivery-filters");
  await filters.getByLabel("State").selectOption("pending");
  await expect(page).toHaveURL(/delivery_state=pending/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("delivery-status")).toHaveText("HTTP 503");
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(filters.getByLabel("State")).toHaveValue("pending");
  await expect(rows).toHaveCount(1);
  // a creation day long past: nothing; cleared: the delivery again
  await filters.getByLabel("Created to (UTC)").fill("2000-01-01");
  await expect(page).toHaveURL(/created_to=2000-01-01/);
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await filters.getByLabel("Created to (UTC)").fill("");
  await expect(rows).toHaveCount(1);

  // replayed: delivered at its second attempt, so it leaves the pending filter
  await rows
    .first()
    .getByRole("button", { name: /^Replay evt_/ })
    .click();
  await expect(page.getByText(/Delivered again/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await filters.getByLabel("State").selectOption("succeeded");
  await expect(page).toHaveURL(/delivery_state=succeeded/);
  await expect(rows).toHaveCount(2);

  // its attempts (newest first, so the replayed one is the second row): 503 then 200, numbered on across
  // the replay although the replay restarted its count of attempts
  await rows
    .nth(1)
    .getByRole("button", { name: /^evt_\w+ attempts$/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Delivery attempts" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/delivery=\d+/);
  const attempts = dialog.getByTestId("attempt-row");
  await expect(attempts).toHaveCount(2);
  await expect(attempts.nth(0)).toContainText("HTTP 503");
  await expect(attempts.nth(0)).toContainText("busy, try later");
  await expect(attempts.nth(1)).toContainText("HTTP 200");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/delivery=/);
}
