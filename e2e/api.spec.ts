// The REST API and the reference page against the running server (Playwright's request fixture).
import { expect, test } from "@playwright/test";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };
const PUBLIC = { Authorization: "Api-Key pk_test_e2e_public" };
const OTHER = { Authorization: "Api-Key sk_test_e2e_other" };

test("GET /api/v2/catalog/products/ lists the account's products", async ({ request }) => {
  const res = await request.get("/api/v2/catalog/products/", { headers: SECRET });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(Array.isArray(body)).toBe(true);
  expect(body.map((p: { name: string }) => p.name)).toContain("Streaming Basic");
  expect(body.map((p: { name: string }) => p.name)).not.toContain("Other Product");
});

test("the path without a trailing slash answers 200 directly (no redirect)", async ({ request }) => {
  const res = await request.get("/api/v2/catalog/products", { headers: SECRET, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(Array.isArray(await res.json())).toBe(true);
});

test("page_size paginates with absolute next links", async ({ request, baseURL }) => {
  const res = await request.get("/api/v2/catalog/products/?page_size=2", { headers: SECRET });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.count).toBeGreaterThan(2);
  expect(body.results).toHaveLength(2);
  expect(body.previous).toBeNull();
  const next = new URL(body.next); // throws unless absolute
  expect(next.origin).toBe(new URL(baseURL!).origin);
  expect(next.pathname).toBe("/api/v2/catalog/products/");
  expect(next.searchParams.get("page")).toBe("2");
  expect(next.searchParams.get("page_size")).toBe("2");

  const page2 = await (await request.get(body.next, { headers: SECRET })).json();
  expect(page2.results).toHaveLength(2);
  expect(page2.results[0].id).not.toBe(body.results[0].id);
  expect(page2.previous).toMatch(/^https?:\/\//);
});

test("a missing key is 401 with a detail", async ({ request }) => {
  const res = await request.get("/api/v2/catalog/products/");
  expect(res.status()).toBe(401);
  const body = await res.json();
  expect(typeof body.detail).toBe("string");
});

test("an unknown key is 401", async ({ request }) => {
  const res = await request.get("/api/v2/catalog/products/", { headers: { Authorization: "Api-Key sk_test_nope" } });
  expect(res.status()).toBe(401);
  expect(typeof (await res.json()).detail).toBe("string");
});

test("the public key is 403 on a secret-key operation", async ({ request }) => {
  const res = await request.get("/api/v2/catalog/products/", { headers: PUBLIC });
  expect(res.status()).toBe(403);
  expect(typeof (await res.json()).detail).toBe("string");
});

test("another account's product is 404", async ({ request }) => {
  const others = await (await request.get("/api/v2/catalog/products/", { headers: OTHER })).json();
  const otherProduct = others.find((p: { name: string }) => p.name === "Other Product");
  expect(otherProduct).toBeTruthy();

  const own = await request.get(`/api/v2/catalog/products/${otherProduct.id}/`, { headers: OTHER });
  expect(own.status()).toBe(200);

  const res = await request.get(`/api/v2/catalog/products/${otherProduct.id}/`, { headers: SECRET });
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ detail: "Not found." });
});

test("/api/health is 200", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: "ok" });
});

test("/api/v2/openapi.json is an OpenAPI 3.1 document", async ({ request }) => {
  const res = await request.get("/api/v2/openapi.json");
  expect(res.status()).toBe(200);
  const doc = await res.json();
  expect(doc.openapi).toMatch(/^3\.1\./);
  expect(doc.paths["/v2/catalog/products/"].get).toBeTruthy();
});

test("the admin tRPC API refuses calls without a session", async ({ request }) => {
  const res = await request.get("/api/trpc/catalog.products.list");
  expect(res.status()).toBe(401);
  const body = await res.json();
  expect(body.error.json.data.code).toBe("UNAUTHORIZED");
});

test("/docs/api lists the resources; a resource page shows its operations from the OpenAPI document", async ({
  page,
}) => {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Subscription Contracts V2");
  await expect(page.getByTestId("openapi-link")).toHaveAttribute("href", "/api/v2/openapi.json");
  await expect(page.getByRole("heading", { name: "Catalog", level: 2 })).toBeVisible();
  await page.getByRole("heading", { name: "Catalog", level: 2 }).getByRole("link").click();
  await expect(page).toHaveURL(/\/docs\/api\/catalog$/);
  const op = page
    .getByTestId("operation")
    .filter({ has: page.getByTestId("operation-path").getByText("/v2/catalog/products/", { exact: true }) })
    .first();
  await expect(op).toBeVisible();
  await expect(op).toContainText("List catalog products");
  await expect(op).toContainText("page_size");
  // the snippets send the operation's documented example (tests/openapi-examples.test.ts sends it too)
  await expect(op.getByTestId("snippet-curl")).toContainText(
    'curl -X GET "$API_BASE_URL/v2/catalog/products/?page_size=2"',
  );
  await expect(op.getByTestId("snippet-sdk")).toContainText(
    'client.GET("/v2/catalog/products/", { params: { query: {"page_size":2} } })',
  );
  await page.goto("/docs/api/customers");
  await expect(page.getByTestId("operation").filter({ hasText: "/v2/customers/" }).first()).toContainText(
    "x-extension",
  );
  expect((await page.goto("/docs/api/no-such-resource"))?.status()).toBe(404);
});
