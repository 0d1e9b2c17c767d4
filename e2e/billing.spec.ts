// Time travel from the admin console and the hosted card form, in a real browser against the built app.
import { expect, test } from "@playwright/test";
import { signIn } from "./_sign-in";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

test("advancing the test clock bills a contract and lists its runs", async ({ page, request }) => {
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  const created = await request.post("/api/v2/subscription-contracts/", {
    headers: SECRET,
    data: { customer_reference: "cust-1001", items: [{ price: prices[0].id }] },
  });
  expect(created.status()).toBe(201);
  const contract = await created.json();

  await signIn(page);
  await page.goto("/admin/billing/test-clock");
  const target = new Date(new Date(contract.next_billing_at).getTime() + 3_600_000);
  // the field takes a 24-hour time in the account's zone (the seed's is UTC), whatever the browser's
  await expect(page.getByText("Advance to (UTC, 24-hour)")).toBeVisible();
  await page.getByLabel("Advance to").fill(target.toISOString().slice(0, 16).replace("T", " "));
  await page.getByRole("button", { name: "Advance clock" }).click();
  // the clock may have been moved by earlier specs: a move of many steps takes a while
  await expect(page.getByRole("heading", { name: "Result" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("clock-result")).toContainText("runs created");
  await expect(page.getByTestId("run-row").first()).toContainText("succeeded");

  const runs = await (await request.get(`/api/v2/billing-runs/?contract=${contract.id}`, { headers: SECRET })).json();
  expect(runs.length).toBeGreaterThanOrEqual(1);
  expect(runs[0].state).toBe("succeeded");
});

test("the hosted card form verifies a card and the checkout finalizes", async ({ page, request }) => {
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  const options = await (
    await request.post("/api/v2/payment-processor-options/", {
      headers: SECRET,
      data: { items: [{ price: prices[0].id }] },
    })
  ).json();
  const generic = options.results.find(
    (r: { render_mode: string; collection_method: string }) =>
      r.render_mode === "generic_card_form" && r.collection_method === "card",
  );
  const checkout = await (
    await request.post("/api/v2/checkouts/", {
      headers: SECRET,
      data: {
        customer_reference: "cust-1003",
        items: [{ price: prices[0].id }],
        account_payment_processor: generic.account_payment_processor_id,
      },
    })
  ).json();
  expect(checkout.status).toBe("pending");
  const registration = await (
    await request.post(`/api/v2/checkouts/${checkout.token}/payment-method-registrations/`, {
      headers: SECRET,
      data: {},
    })
  ).json();

  await page.goto(new URL(registration.hosted_url).pathname);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByTestId("verified")).toBeVisible();

  const status = await (
    await request.get(`/api/v2/payment-method-registrations/${registration.token}/`, { headers: SECRET })
  ).json();
  expect(status.status).toBe("verified");
  const finalized = await request.post(`/api/v2/checkouts/${checkout.token}/finalize/`, { headers: SECRET, data: {} });
  expect(finalized.status()).toBe(200);
  const body = await finalized.json();
  expect(body.status).toBe("succeeded");
  const contract = await (
    await request.get(`/api/v2/subscription-contracts/${body.contract_id}/`, { headers: SECRET })
  ).json();
  expect(contract.state).toBe("active");
});

test("the subscriber page shows the contract to its customer without a sign-in", async ({ page, request }) => {
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  const contract = await (
    await request.post("/api/v2/subscription-contracts/", {
      headers: SECRET,
      data: { customer_reference: "cust-1002", items: [{ price: prices[0].id, quantity: 2 }] },
    })
  ).json();
  expect(contract.subscriber_page).toMatch(/\/change_contract\/[A-Za-z0-9_-]{20,}\/$/);
  await page.goto(new URL(contract.subscriber_page).pathname);
  await expect(page.getByRole("heading", { name: "Your subscription" })).toBeVisible();
  await expect(page.getByTestId("state")).toHaveText(/active/i);
  await expect(page.getByText("2 × Streaming Basic")).toBeVisible();
  await page.goto("/change_contract/not-a-real-token-at-all-xyz/");
  await expect(page.getByText("404")).toBeVisible();
});
