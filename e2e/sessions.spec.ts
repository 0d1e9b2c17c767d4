// Console session protection in a real browser: "Sign out everywhere" ends the session in another
// browser too, sign-in throttling answers "try again later" (unknown emails alike), and cookies are
// Secure when the request came over HTTPS.
import { expect, type Page, test } from "@playwright/test";

const OTHER = { email: "other-admin@example.com", password: "demo-password" };

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("sign out everywhere ends the user's session in another browser as well", async ({ browser }) => {
  const [a, b] = [await browser.newContext(), await browser.newContext()];
  const [pa, pb] = [await a.newPage(), await b.newPage()];
  await signIn(pa, OTHER.email, OTHER.password);
  await expect(pa).toHaveURL(/\/admin$/);
  await signIn(pb, OTHER.email, OTHER.password);
  await expect(pb).toHaveURL(/\/admin$/);
  await pa.getByTestId("sign-out-everywhere").click();
  await pa
    .getByRole("dialog", { name: "Sign out everywhere?" })
    .getByRole("button", { name: "Sign out on all devices" })
    .click();
  await expect(pa).toHaveURL(/\/login$/);
  // a new tab with the other browser's cookie: the server turns it away (the open tab may notice the ended
  // session by itself and go to /login meanwhile, which would interrupt a navigation of that tab)
  const pbAgain = await b.newPage();
  await pbAgain.goto("/admin/products");
  await expect(pbAgain).toHaveURL(/\/login$/);
  // signing in again works
  await signIn(pbAgain, OTHER.email, OTHER.password);
  await expect(pbAgain).toHaveURL(/\/admin$/);
  await a.close();
  await b.close();
});

test("after 5 failed sign-ins the form says to try again later (unknown emails alike); after 10 the address is refused", async ({
  browser,
}) => {
  // a client address of its own: the test runner trusts loopback as a proxy (TRUST_PROXY), so X-Forwarded-For
  // names it, and other tests' sign-ins are not throttled (a fresh one on a retry)
  const address = `198.51.100.${(Date.now() % 250) + 1}`;
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
  const page = await context.newPage();
  for (const email of [`nobody-${Date.now()}@example.com`, `nobody-else-${Date.now()}@example.com`]) {
    for (let i = 0; i < 5; i++) {
      await signIn(page, email, `wrong-${i}`);
      await expect(page.getByTestId("login-error")).toHaveText("Invalid email or password.");
    }
    await signIn(page, email, "wrong-again");
    await expect(page.getByTestId("login-error")).toHaveText(
      "Invalid email or password, or too many failed attempts. Try again later.",
    );
  }
  // 10 failures from this address: it is refused whatever the account, even with the right password
  await signIn(page, OTHER.email, OTHER.password);
  await expect(page.getByTestId("login-error")).toContainText("Try again later.");
  await context.close();
});

test("over HTTPS (X-Forwarded-Proto) next-auth's cookies are Secure; over plain HTTP they are not", async ({
  request,
}) => {
  const https = await request.get("/api/auth/csrf", { headers: { "x-forwarded-proto": "https" } });
  const secure = https
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
  expect(secure.some((c) => c.startsWith("__Host-next-auth.csrf-token=") && /;\s*Secure/i.test(c))).toBe(true);
  const http = await request.get("/api/auth/csrf");
  const plain = http
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
  expect(plain.some((c) => c.startsWith("next-auth.csrf-token=") && !/;\s*Secure/i.test(c))).toBe(true);
});
