// Every code sample of the guides (docs/samples/*, rendered by app/docs/guides) runs here against the
// app: the TypeScript ones through the SDK in-process, the shell one with /bin/sh and openssl.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import { fanOut } from "@/server/domain/webhooks/deliver";
import { deliverDue } from "@/server/domain/webhooks/dispatch";
import { signatureHeader } from "@/server/domain/webhooks/sign";
import type { SeedResult } from "@/server/seed/demo";
import { setEnv } from "@/tests/env";
import { seed, systemCtx, useSeed } from "@/tests/helpers";
import { runSample } from "./_samples";

let _s: SeedResult;
useSeed(seed, (r) => (_s = r));

describe("guides' samples", () => {
  it("proration preview → execution with the preview token", async () => {
    const { preview, executed } = await runSample<any>("proration-preview");
    expect(preview.preview_token).toEqual(expect.any(String));
    expect(executed.proration.total_amount).toBe(preview.total_amount);
  });

  it("idempotency keys replay; errors carry field messages; 404", async () => {
    const result = await runSample<any>("idempotency-errors");
    expect(result.sameContract).toBe(true);
    expect(Object.keys(result.fieldErrors).length).toBeGreaterThan(0);
    expect(result.notFoundStatus).toBe(404);
  });

  it("test clock by seconds and to an instant", async () => {
    const { hourLater, advanced } = await runSample<any>("test-clock");
    expect(Date.parse(advanced.test_clock_at) - Date.parse(hourLater.test_clock_at)).toBe(40 * 24 * 3600 * 1000);
  });

  it("embedded checkout: a sales channel and a session for the widget", async () => {
    const { channel, session } = await runSample<any>("embedded-checkout");
    expect(channel.allowed_origins).toEqual(["https://shop.example.com"]);
    expect(session).toMatchObject({ status: "open", sales_channel_id: channel.id, customer_reference: "cust-1001" });
  });

  it("embedded checkout: the page snippet mounts the widget with the session and its callbacks", () => {
    const html = readFileSync("docs/samples/embedded-checkout.html", "utf8");
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("\n");
    const mounted: any[] = [];
    const element = { id: "subscribe" };
    const window = { location: {} as { href?: string } };
    runInNewContext(inline, {
      SubscriptionCheckout: { mount: (...args: any[]) => mounted.push(args) },
      document: { getElementById: () => element },
      window,
      console: { log: () => undefined, error: () => undefined },
    });
    expect(html).toContain('src="https://billing.example.com/embed/v1.js"');
    expect(mounted).toHaveLength(1);
    expect(mounted[0][0]).toBe(element);
    expect(Object.keys(mounted[0][1]).sort()).toEqual(["onComplete", "onError", "onPending", "onReady", "session"]);
    // onReady receives the session's summary (v1.js passes m.summary)
    mounted[0][1].onReady({ due_today_amount: "12.2760", currency: "EUR" });
    expect(readFileSync("public/embed/v1.js", "utf8")).toContain('call("onReady", m.summary || {})');
    // public/embed/v1.js calls onComplete with { contractId, session }
    mounted[0][1].onComplete({ contractId: 42, session: "cs_x" });
    expect(window.location.href).toBe("/welcome?contract=42");
    expect(readFileSync("public/embed/v1.js", "utf8")).toContain("contractId: m.contract_id");
  });

  it("billing runs: failed runs listed and retried", async () => {
    const { failed } = await runSample<any>("billing-runs");
    expect(Array.isArray(failed)).toBe(true);
  });
});

describe("webhooks guide", () => {
  let receiver: any;
  let restoreEnv = () => {};
  afterAll(async () => {
    restoreEnv();
    if (receiver?.server.listening) await new Promise((done) => receiver.server.close(done));
  });

  it("register an endpoint, receive and verify deliveries with the SDK", async () => {
    restoreEnv = setEnv({ WEBHOOKS_ALLOW_LOOPBACK: "1" }); // the receiver runs on 127.0.0.1
    receiver = await runSample<any>("webhook-receiver", { WEBHOOK_SECRET: "pending", PORT: "0" });
    await new Promise((done) => (receiver.server.listening ? done(null) : receiver.server.once("listening", done)));
    const port = (receiver.server.address() as AddressInfo).port;
    const { endpoint } = await runSample<any>("webhook-endpoint", { WEBHOOK_URL: `http://127.0.0.1:${port}/hooks` });
    expect(endpoint.secret).toMatch(/^whsec_/);
    // the receiver read WEBHOOK_SECRET at start: restart it with the real secret
    await new Promise((done) => receiver.server.close(done));
    receiver = await runSample<any>("webhook-receiver", { WEBHOOK_SECRET: endpoint.secret, PORT: String(port) });
    await new Promise((done) => (receiver.server.listening ? done(null) : receiver.server.once("listening", done)));
    await runSample<any>("quickstart"); // creates a contract and runs: events
    await fanOut(systemCtx());
    await deliverDue(systemCtx());
    expect(receiver.received.map((e: any) => e.type)).toContain("subscription_contract.created");
  });

  it("verify-hmac.sh accepts the service's signature and refuses a tampered body", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "hmac-"));
    const body = JSON.stringify({ id: "evt_1", type: "billing_run.succeeded", data: {} });
    writeFileSync(path.join(dir, "body.json"), body);
    const secret = "whsec_sample";
    const header = signatureHeader(secret, Math.floor(Date.now() / 1000), body);
    const run = (file: string) =>
      execFileSync("sh", [path.resolve("docs/samples/verify-hmac.sh"), path.join(dir, file), header], {
        env: { ...process.env, WEBHOOK_SECRET: secret },
        encoding: "utf8",
        stdio: "pipe",
      });
    expect(run("body.json").trim()).toBe("valid");
    writeFileSync(path.join(dir, "tampered.json"), body.replace("evt_1", "evt_2"));
    expect(() => run("tampered.json")).toThrow();
  });
});
