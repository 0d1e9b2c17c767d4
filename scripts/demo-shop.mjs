#!/usr/bin/env node
// `npm run demo:shop`: a tiny seller site on another origin (http://localhost:4000; DEMO_SHOP_PORT to
// change) that sells a subscription through the embeddable checkout widget. Its server creates a checkout
// session with the demo account's secret key (DEMO_SECRET_KEY, else SEED_SECRET_KEY, else
// .data/demo-keys.json from the seed) for the seeded "Demo shop" sales channel, through the app's REST API
// at APP_URL (default http://localhost:3000), and the page mounts APP_URL/embed/v1.js with the token.
// The secret key stays on this server: the browser only ever sees the session token.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";

const APP_URL = (process.env.APP_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const PORT = Number(process.env.DEMO_SHOP_PORT ?? 4000);
const HOST = process.env.DEMO_SHOP_HOST ?? "localhost";
const CHANNEL = "Demo shop";

function secretKey() {
  const fromEnv = process.env.DEMO_SECRET_KEY ?? process.env.SEED_SECRET_KEY;
  if (fromEnv) return fromEnv;
  const file = process.env.SEED_KEYS_FILE ?? ".data/demo-keys.json";
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")).secret;
  throw new Error("No secret key: set DEMO_SECRET_KEY, or seed the app first (npm start writes .data/demo-keys.json).");
}
const KEY = secretKey();

async function api(method, path, body) {
  const res = await fetch(`${APP_URL}/api${path}`, {
    method,
    headers: { authorization: `Api-Key ${KEY}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The seeded channel for a plan ("eur": three sandbox processors; "usd": vendor A). */
async function channelFor(plan) {
  const list = await api("GET", "/v2/sales-channels/?page_size=100");
  const channels = Array.isArray(list) ? list : list.results;
  const name = plan === "usd" ? `${CHANNEL} (USD)` : CHANNEL;
  const found = channels.find((c) => c.name === name);
  if (!found) throw new Error(`No sales channel named "${name}": run the seed (npm run db:seed) first.`);
  return found;
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Demo shop</title>
<style>
  body { margin: 0; font-family: Georgia, serif; color: #1e1b4b; background: #faf5ff; }
  header { background: #6d28d9; color: #fff; padding: 1rem 1.5rem; display: flex; gap: .75rem; align-items: center; }
  header a { color: #fff; text-decoration: none; font-weight: bold; }
  main { max-width: 40rem; margin: 0 auto; padding: 1.5rem; }
  .plan { background: #fff; border-radius: .75rem; padding: 1rem 1.25rem; margin: 1rem 0; box-shadow: 0 1px 3px #0002; }
  .button { display: inline-block; background: #6d28d9; color: #fff; padding: .5rem 1rem; border-radius: .375rem; text-decoration: none; }
  #result { font-weight: bold; }
</style></head>
<body><header><img src="/logo.svg" alt="" width="32" height="32"><a href="/">Demo shop</a></header>
<main>${body}</main></body></html>`;

const home = () =>
  page(
    "Plans",
    `<h1>Streaming, by subscription</h1>
<div class="plan"><h2>Streaming Basic (EUR)</h2><p>Monthly, cancel any time. Pay by card (three sandbox processors).</p>
<a class="button" href="/checkout">Subscribe</a></div>
<div class="plan"><h2>Streaming Basic (USD)</h2><p>Monthly; the card is encrypted in your browser (vendor A).</p>
<a class="button" href="/checkout?plan=usd">Subscribe in USD</a></div>`,
  );

async function checkout(plan) {
  const channel = await channelFor(plan);
  const session = await api("POST", "/v2/checkout-sessions/", {
    sales_channel: channel.id,
    metadata: { shop_order: `demo-${Date.now()}` },
  });
  return page(
    "Checkout",
    `<h1>Checkout</h1>
<p id="result" role="status" data-testid="shop-result"></p>
<div id="checkout" data-session="${escapeHtml(session.token)}"></div>
<script src="${escapeHtml(APP_URL)}/embed/v1.js"></script>
<script>
  const result = document.getElementById("result");
  const target = document.getElementById("checkout");
  SubscriptionCheckout.mount(target, {
    session: target.dataset.session,
    onReady: (summary) => { document.body.dataset.widget = "ready"; document.body.dataset.dueToday = summary.due_today_amount || ""; },
    onComplete: (r) => { result.textContent = "Thank you! Subscription " + r.contractId + " is active."; },
    onError: (e) => { document.body.dataset.widgetError = e.code; },
  });
</script>`,
  );
}

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#fff"/><path d="M12 9l12 7-12 7z" fill="#6d28d9"/></svg>`;

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", `http://${HOST}:${PORT}`);
  const send = (status, type, body) => {
    res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
    res.end(body);
  };
  try {
    if (req.method !== "GET") return send(405, "text/plain", "Method not allowed");
    if (url.pathname === "/") return send(200, "text/html; charset=utf-8", home());
    if (url.pathname === "/checkout")
      return send(200, "text/html; charset=utf-8", await checkout(url.searchParams.get("plan")));
    if (url.pathname === "/logo.svg") return send(200, "image/svg+xml", LOGO);
    if (url.pathname === "/terms")
      return send(200, "text/html; charset=utf-8", page("Terms", "<h1>Terms</h1><p>Cancel any time.</p>"));
    send(404, "text/plain", "Not found");
  } catch (e) {
    console.error(e);
    send(502, "text/plain; charset=utf-8", `The shop could not start a checkout: ${e.message}`);
  }
});

server.listen(PORT, HOST, () => console.log(`demo shop: http://${HOST}:${PORT} (checkout by ${APP_URL})`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
