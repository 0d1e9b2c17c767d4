// Hostile input against the production server (what in-process tests cannot see): the real Next.js request path
// (percent-decoding, body streams) answers 400/404, and metadata with keys superjson refuses still
// reaches the admin console's customer list in a real browser.
import { expect, test } from "@playwright/test";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret", "content-type": "application/json" };

test("NUL, surrogates, deep nesting and null bodies are 4xx over HTTP", async ({ request }) => {
  const post = (path: string, data: string) => request.post(path, { headers: SECRET, data });
  expect((await post("/api/v2/customers/", '{"reference":"e2e-nul","name":"nul\\u0000byte"}')).status()).toBe(400);
  expect((await post("/api/v2/customers/", '{"reference":"e2e-sur","name":"\\ud800"}')).status()).toBe(400);
  expect(
    (
      await post("/api/v2/customers/", `{"reference":"e2e-deep","metadata":${"[".repeat(3000)}${"]".repeat(3000)}}`)
    ).status(),
  ).toBe(400);
  expect((await post("/api/v2/customers/", "null")).status()).toBe(400);
  expect((await request.get("/api/v2/customers/%00/", { headers: SECRET })).status()).toBe(404);
  expect((await request.get("/api/v2/catalog/prices/?currency=%00", { headers: SECRET })).status()).toBe(400);
  expect(
    (
      await request.post("/api/pay/registrations/pmr_x/", {
        headers: { "content-type": "application/json" },
        data: "null",
      })
    ).status(),
  ).toBe(400);
  expect(
    (
      await request.post("/api/processors/sandbox/webhook/", {
        headers: { "content-type": "application/json" },
        data: "null",
      })
    ).status(),
  ).toBe(400);
});

test("a customer whose metadata has constructor/prototype keys shows in the admin customer list", async ({
  request,
  page,
}) => {
  const reference = `e2e-proto-${Date.now()}`;
  const res = await request.post("/api/v2/customers/", {
    headers: SECRET,
    data: JSON.stringify({ reference, metadata: { constructor: "x", prototype: { a: 1 } } }),
  });
  expect(res.status()).toBe(201);
  expect((await res.json()).metadata).toEqual({ constructor: "x", prototype: { a: 1 } });

  await page.goto("/login");
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByTestId("admin-nav").getByRole("link", { name: "Customers" }).click();
  await expect(page.getByTestId("customers-table")).toContainText("cust-1001");
  await expect(page.getByTestId("customers-table")).toContainText(reference);
});
