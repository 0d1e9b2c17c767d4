// Promotion codes cannot be guessed through the widget: refused codes are counted per checkout
// session (10) and per client address (30) in 15 minutes, on the quote/ and checkout/ routes alike; beyond that
// every code attempt is a 429 with Retry-After and {"detail": …} (CORS headers kept), the right code included.
// A right code before the limit works, and requests naming no code are never limited.
import { beforeAll, describe, expect, it } from "vitest";
import * as checkoutRoute from "@/app/api/public/checkout-sessions/[token]/checkout/route";
import * as quoteRoute from "@/app/api/public/checkout-sessions/[token]/quote/route";
import {
  CODE_WINDOW_MS,
  MAX_CODE_FAILURES_PER_ADDRESS,
  MAX_CODE_FAILURES_PER_SESSION,
} from "@/server/auth/promotionCodeThrottle";
import { db, post, seed } from "@/tests/helpers";
import { createChannel, expect400, expectStatus, freshRef, SHOP } from "@/tests/sessions/_widget";

let ids: Record<string, number>;
let code: string;
let channelId: number;
beforeAll(async () => {
  ids = (await seed()).ids;
  code = `GUESS${process.pid}`;
  const coupon = expectStatus(await post("/v2/coupons/", { name: "Ten", percent_off: "10", duration: "once" }), 201);
  expectStatus(await post("/v2/promotion-codes/", { coupon: coupon.id, code }), 201);
  channelId = (await createChannel({ offer: { items: [{ price: ids.basicMonthly }] } })).id;
});

const newSession = async (): Promise<string> =>
  expectStatus(await post("/v2/checkout-sessions/", { sales_channel: channelId }), 201).token;

let n = 0;
const address = () => `198.51.100.${++n}`;

async function call(route: "quote" | "checkout", token: string, body: unknown, from: string) {
  const req = new Request(`http://test.local/api/public/checkout-sessions/${token}/${route}/`, {
    method: "POST",
    // x-client-address: what the app server derived from the socket; X-Forwarded-For is the client's own
    headers: {
      "content-type": "application/json",
      origin: SHOP,
      "x-client-address": from,
      "x-forwarded-for": `203.0.113.${++n}`,
    },
    body: JSON.stringify(body),
  });
  const handler = route === "quote" ? quoteRoute.POST : checkoutRoute.POST;
  const res = await handler(req, { params: Promise.resolve({ token }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}
const quote = (token: string, promotion_code: string, from: string) => call("quote", token, { promotion_code }, from);

describe("per checkout session", () => {
  it("10 wrong codes → every further code attempt is a 429 with Retry-After, the right one included", async () => {
    const token = await newSession();
    const from = address();
    for (let i = 0; i < MAX_CODE_FAILURES_PER_SESSION; i++)
      expect400(await quote(token, `WRONG-${i}`, from), "promotion_code");
    const refused = await quote(token, code, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: "Too many promotion code attempts; try again later." });
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(CODE_WINDOW_MS / 1000 - 60);
    expect(wait).toBeLessThanOrEqual(CODE_WINDOW_MS / 1000);
    // the widget on the seller's page can read it
    expect(refused.headers.get("access-control-allow-origin")).toBe(SHOP);
    // even from another address: the session is spent
    expect((await quote(token, code, address())).status).toBe(429);
    // a checkout naming a code is refused too; one without a code goes on
    const reference = freshRef("throttle");
    expect((await call("checkout", token, { customer: { reference }, promotion_code: code }, from)).status).toBe(429);
    expect((await call("checkout", token, { customer: { reference } }, from)).status).toBe(200);
  }, 60_000);

  it("the right code before the limit works (and takes nothing from the count)", async () => {
    const token = await newSession();
    const from = address();
    for (let i = 0; i < MAX_CODE_FAILURES_PER_SESSION - 1; i++)
      expect400(await quote(token, `NOPE-${i}`, from), "promotion_code");
    const ok = expectStatus(await quote(token, code.toLowerCase(), from), 200);
    expect(ok.offer.discount.promotion_code).toBe(code);
    expectStatus(await quote(token, code, from), 200);
    expect400(await quote(token, "NOPE-LAST", from), "promotion_code");
    expect((await quote(token, code, from)).status).toBe(429);
  }, 60_000);

  it("wrong codes at checkout/ count as well", async () => {
    const token = await newSession();
    const from = address();
    const reference = freshRef("throttle");
    for (let i = 0; i < MAX_CODE_FAILURES_PER_SESSION; i++)
      expect400(
        await call("checkout", token, { customer: { reference }, promotion_code: `BAD-${i}` }, from),
        "promotion_code",
      );
    expect((await quote(token, code, from)).status).toBe(429);
  }, 60_000);
});

describe("per client address", () => {
  it("30 wrong codes over many sessions → that address is refused in a new session; another address is not", async () => {
    const from = address();
    let failures = 0;
    while (failures < MAX_CODE_FAILURES_PER_ADDRESS) {
      const token = await newSession();
      for (let i = 0; i < 5 && failures < MAX_CODE_FAILURES_PER_ADDRESS; i++, failures++)
        expect400(await quote(token, `SPRAY-${failures}`, from), "promotion_code");
    }
    const token = await newSession();
    const refused = await quote(token, code, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expectStatus(await quote(token, code, address()), 200);
    // the counts live in the sign-in throttle's table, and leave it with their window
    await db().loginAttempt.updateMany({
      where: { kind: "promotion_code_address", key: from },
      data: { at: new Date(Date.now() - CODE_WINDOW_MS - 1000) },
    });
    expectStatus(await quote(token, code, from), 200);
  }, 120_000);
});
