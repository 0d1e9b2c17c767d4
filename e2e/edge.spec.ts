// The app server's edge, on the real Next.js build it serves: throttled sign-ins and subscriber pages
// answer 429 with Retry-After, and a keep-alive connection survives a body refused for its size. The test
// runner trusts loopback as a proxy (TRUST_PROXY), so X-Forwarded-For gives each test a client address of its
// own; tests/http/app-server.test.ts shows the header is ignored without that setting.
import net from "node:net";
import { expect, test } from "@playwright/test";

const SECRET = "Api-Key sk_test_e2e_secret";
/** A client address of this test's own (another on a retry). */
const freshAddress = (net24: string) => `${net24}.${(Date.now() % 250) + 1}`;

test("a throttled sign-in is a 429 with Retry-After and the spec's error shape", async ({ request }) => {
  const headers = { "x-forwarded-for": freshAddress("203.0.113") };
  const email = `guess-${Date.now()}@example.com`;
  const attempt = async () => {
    const csrf = await request.get("/api/auth/csrf", { headers });
    const { csrfToken } = await csrf.json();
    return request.post("/api/auth/callback/credentials", {
      headers,
      form: { csrfToken, email, password: "wrong", json: "true", callbackUrl: "/admin" },
    });
  };
  for (let i = 0; i < 5; i++) expect((await attempt()).status()).toBe(401);
  const refused = await attempt();
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  const body = await refused.json();
  expect(body.detail).toMatch(/try again later/i);
  expect(new URL(body.url).searchParams.get("error")).toBe("TooManyAttempts");
});

test("after 20 wrong tokens a subscriber page answers 429 with Retry-After (that client only)", async ({ request }) => {
  const headers = { "x-forwarded-for": freshAddress("198.18.0") };
  for (let i = 0; i < 20; i++)
    expect((await request.get(`/change_contract/wrong-${Date.now()}-${i}/`, { headers })).status()).toBe(404);
  const refused = await request.get("/change_contract/any-token/", { headers });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await refused.text()).toContain("Too many attempts");
  expect(
    (await request.get("/change_contract/any-token/", { headers: { "x-forwarded-for": "192.0.2.1" } })).status(),
  ).toBe(404);
});

/** A request with an oversize body, then GET /api/health on the same connection: what came back, and whether it closed. */
function oversizeThenHealth(baseURL: string, chunked: boolean): Promise<{ text: string; closed: boolean }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    let text = "";
    let asked = false;
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed });
    };
    const timer = setTimeout(() => done(false), 15_000);
    socket.on("data", (d) => {
      text += d;
      // the refusal's JSON is in (plain or chunked): ask again on the same connection
      if (!asked && text.includes('exceeds 1 MB."]}')) {
        asked = true;
        socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      }
      if (text.includes('"database"')) done(false);
    });
    socket.on("error", () => {});
    socket.on("close", () => done(true));
    const size = 3_000_000;
    socket.write(
      `POST /api/v2/subscription-offer-quotes/ HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: ${SECRET}\r\n` +
        `Content-Type: application/json\r\n${chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${size}`}\r\n\r\n`,
    );
    const body = Buffer.alloc(size, "a");
    if (chunked)
      socket.write(Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]));
    else socket.write(body);
  });
}

test("a keep-alive connection survives a 3 MB body: drained and answered, or closed (never left hanging)", async ({
  baseURL,
}) => {
  const drained = await oversizeThenHealth(baseURL!, false);
  expect(drained.text).toMatch(/^HTTP\/1.1 400/);
  expect(drained.text).toContain("Request body exceeds 1 MB.");
  expect(drained.text).toContain('"database":"ok"');
  // streamed without a length: the route stops reading past the limit, and the connection is closed
  const streamed = await oversizeThenHealth(baseURL!, true);
  expect(streamed.text).toMatch(/^HTTP\/1.1 400/);
  expect(streamed.closed || streamed.text.includes('"database":"ok"')).toBe(true);
  if (streamed.closed) expect(streamed.text.toLowerCase()).toContain("connection: close");
});
