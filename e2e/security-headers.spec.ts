// Security headers in a real browser: every page family answers with its Content-Security-Policy and
// still works under it (no "Content Security Policy" console errors), the JSON API is unframeable and
// uncached, and the checkout widget can be framed by its session's origins only.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIResponse, expect, type Page, type Response, test } from "@playwright/test";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

/**
 * A site on loopback that frames `?src=` (Chromium's local network access checks refuse a loopback
 * frame inside a page Playwright fulfils itself, so the framing pages are served for real).
 */
async function framingSite(): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://x").searchParams.get("src") ?? "about:blank";
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><iframe id="f" src="${src.replace(/"/g, "&quot;")}" width="400" height="300"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

/** Collects the page's CSP violations (Chromium logs each as a console error). */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (m) => {
    if (m.text().includes("Content Security Policy")) found.push(m.text());
  });
  page.on("pageerror", (e) => {
    if (e.message.includes("Content Security Policy")) found.push(e.message);
  });
  return found;
}

function expectPageHeaders(res: Response | APIResponse | null, opts: { noStore?: boolean; formAction?: string } = {}) {
  const h = res!.headers();
  const csp = h["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'(;|$)/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  if (opts.formAction) expect(csp).toContain(`form-action ${opts.formAction}`);
  expect(h["x-frame-options"]).toBe("DENY");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("same-origin");
  expect(h["strict-transport-security"]).toBeUndefined(); // plain HTTP here
  if (opts.noStore) expect(h["cache-control"]).toContain("no-store");
  return csp;
}

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1];

test("the console: sign-in and tRPC pages work under their CSP; every response has a fresh nonce", async ({ page }) => {
  const violations = cspViolations(page);
  const login = await page.goto("/login");
  const csp = expectPageHeaders(login, { noStore: true, formAction: "'self'" });
  expect(await page.locator("script[nonce]").count()).toBeGreaterThan(0);
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const trpc = page.waitForResponse((r) => r.url().includes("/api/trpc/"));
  const keys = await page.goto("/admin/api-keys");
  expect(nonceOf(expectPageHeaders(keys, { noStore: true }))).not.toBe(nonceOf(csp));
  await expect(page.getByTestId("api-key-row").first()).toBeVisible();
  expect((await trpc).headers()["cache-control"]).toBe("no-store");

  await page.getByTestId("admin-nav").getByRole("link", { name: "Products" }).click();
  await expect(page.getByTestId("products-table")).toContainText("Streaming Basic");
  expect(violations).toEqual([]);
});

test("the API reference renders and navigates under its CSP", async ({ page }) => {
  const violations = cspViolations(page);
  const res = await page.goto("/docs/api");
  expectPageHeaders(res, { formAction: "'none'" });
  await expect(page.getByTestId("tag-section").first()).toBeVisible();
  // the page is large: hydration (its scripts need the nonce) takes a while on a busy machine
  await page.waitForLoadState("load");
  await page.getByRole("link", { name: "Subscription Contracts", exact: true }).first().click();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(page.getByRole("link", { name: "API reference" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("vendor A's card form encrypts with WebCrypto and submits under its CSP", async ({ page, request }) => {
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly-usd", { headers: SECRET })
  ).json();
  const checkout = await request.post("/api/v2/checkouts/", {
    headers: SECRET,
    data: { customer_reference: "cust-1003", items: [{ price: prices[0].id }] },
  });
  expect(checkout.headers()["cache-control"]).toBe("no-store");
  const { token } = await checkout.json();
  const privateRead = await request.get(`/api/v2/checkouts/${token}/`, { headers: SECRET });
  expect(privateRead.headers()["cache-control"]).toBe("no-store");
  expect(privateRead.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  const registration = await (
    await request.post(`/api/v2/checkouts/${token}/payment-method-registrations/`, { headers: SECRET, data: {} })
  ).json();
  expect(registration.render_mode).toBe("vendor_a_encrypted_card");

  const violations = cspViolations(page);
  const res = await page.goto(new URL(registration.hosted_url).pathname);
  expectPageHeaders(res, { noStore: true, formAction: "'none'" });
  await page.getByLabel("Card number").fill("5555 5555 5555 4444");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByTestId("verified")).toBeVisible();
  expect(violations).toEqual([]);
});

test("the subscriber page answers with its CSP, uncached", async ({ page, request }) => {
  const prices = await (
    await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
  ).json();
  const contract = await (
    await request.post("/api/v2/subscription-contracts/", {
      headers: SECRET,
      data: { customer_reference: "cust-1001", items: [{ price: prices[0].id }] },
    })
  ).json();
  const violations = cspViolations(page);
  const res = await page.goto(new URL(contract.subscriber_page).pathname);
  expectPageHeaders(res, { noStore: true });
  await expect(page.getByRole("heading", { name: "Your subscription" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("HSTS only when the request came over HTTPS (x-forwarded-proto from the TLS proxy)", async ({ request }) => {
  for (const path of ["/login", "/api/v2/catalog/products/"]) {
    const https = await request.get(path, { headers: { ...SECRET, "x-forwarded-proto": "https" } });
    expect(https.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const http = await request.get(path, { headers: SECRET });
    expect(http.headers()["strict-transport-security"]).toBeUndefined();
  }
});

test("the widget page may be framed by its session's origins only; the console by nobody", async ({
  page,
  request,
  baseURL,
}) => {
  const shop = await framingSite();
  const evil = await framingSite();
  try {
    const prices = await (
      await request.get("/api/v2/catalog/prices/?reference=streaming-basic-monthly", { headers: SECRET })
    ).json();
    const options = await (
      await request.post("/api/v2/payment-processor-options/", {
        headers: SECRET,
        data: { items: [{ price: prices[0].id }] },
      })
    ).json();
    const channel = await request.post("/api/v2/sales-channels/", {
      headers: SECRET,
      data: {
        name: "E2E shop",
        offer: { items: [{ price: prices[0].id }] },
        allowed_origins: [shop.origin],
        processor_ids: [options.results[0].account_payment_processor_id],
      },
    });
    expect(channel.status()).toBe(201);
    const session = await request.post("/api/v2/checkout-sessions/", {
      headers: SECRET,
      data: { sales_channel: (await channel.json()).id },
    });
    expect(session.status()).toBe(201);
    expect(session.headers()["cache-control"]).toBe("no-store");
    const { token } = await session.json();
    const widget = `${baseURL}/embed/checkout/${token}`;

    const direct = await request.get(widget);
    expect(direct.headers()["content-security-policy"]).toContain(`frame-ancestors ${shop.origin}`);
    expect(direct.headers()["x-frame-options"]).toBeUndefined();
    expect(direct.headers()["cache-control"]).toBe("no-store");

    const violations = cspViolations(page);
    await page.goto(`${shop.origin}/?src=${encodeURIComponent(widget)}`);
    await expect(page.frameLocator("#f").locator("main#checkout")).toBeVisible();
    // the widget's script ran under the page's policy and rendered the session's offer
    await expect(page.frameLocator("#f").getByRole("heading", { level: 1 })).toHaveText("E2E shop");
    expect(violations).toEqual([]);

    for (const src of [widget, `${baseURL}/login`]) {
      await page.goto(`${evil.origin}/?src=${encodeURIComponent(src)}`);
      await expect.poll(() => violations.filter((v) => v.includes("frame-ancestors")).length).toBeGreaterThan(0);
      violations.length = 0;
      await expect(page.frameLocator("#f").locator("main#checkout")).toHaveCount(0);
      await expect(page.frameLocator("#f").getByRole("heading", { name: "Sign in" })).toHaveCount(0);
    }
  } finally {
    shop.server.close();
    evil.server.close();
  }
});
