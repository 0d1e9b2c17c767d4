// Console settings through the real tRPC router: API keys (shown once, revoked keys refused by the REST
// API), webhook endpoints (test event delivered and logged with its status, secret rotation, replay),
// processors and sales channels — each scoped to the caller's account.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "@/server/domain/webhooks/sign";
import { consoleAs } from "@/tests/audit/_console";
import { setEnv } from "@/tests/env";
import { db, get, seed, useSeed } from "@/tests/helpers";

let A = 0;
let ids: Record<string, number> = {};
useSeed(seed, (r) => {
  A = r.accountId;
  ids = r.ids;
});

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "OK",
    (e: TRPCError) => e.code,
  );

describe("apiKeys.create / revoke", () => {
  it("returns the key once, lists only its prefix, and a revoked key is refused by the API", async () => {
    const caller = await consoleAs("admin@example.com");
    const created = await caller.apiKeys.create({ kind: "secret", name: "CI" });
    expect(created.key).toMatch(/^sk_test_/);
    const listed = await caller.apiKeys.list();
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(listed.find((k) => k.id === created.id)).toMatchObject({
      name: "CI",
      prefix: created.prefix,
      revoked_at: null,
    });
    expect((await get("/v2/sales-channels/", { key: created.key })).status).toBe(200);
    const revoked = await caller.apiKeys.revoke({ id: created.id });
    expect(revoked.revoked_at).toBeTruthy();
    expect((await get("/v2/sales-channels/", { key: created.key })).status).toBe(401);
  });

  it("refuses an unknown kind naming the field, and another account's key is not found", async () => {
    const caller = await consoleAs("admin@example.com");
    await expect(caller.apiKeys.create({ kind: "token" })).rejects.toMatchObject({
      cause: { fields: { kind: ["Choose secret or public."] } },
    });
    const other = await db().apiKey.findFirstOrThrow({ where: { accountId: { not: A } } });
    expect(await codeOf(caller.apiKeys.revoke({ id: other.id }))).toBe("NOT_FOUND");
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: other.id } })).revokedAt).toBeNull();
  });

  it("read-only users cannot create or revoke keys", async () => {
    const ro = await db().user.findFirstOrThrow({ where: { accountId: A, role: "read_only" } });
    expect(await codeOf((await consoleAs(ro.email)).apiKeys.create({ kind: "public" }))).toBe("FORBIDDEN");
  });
});

describe("webhooks", () => {
  const received: { body: string; signature: string }[] = [];
  let status = 200;
  let server: Server;
  let url = "";
  let restoreEnv: () => void;
  beforeAll(async () => {
    restoreEnv = setEnv({ WEBHOOKS_ALLOW_LOOPBACK: "1" });
    server = createServer((req: IncomingMessage, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ body, signature: String(req.headers["webhook-signature"]) });
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    restoreEnv();
    await new Promise((r) => server.close(r));
  });

  it("sends a signed test event, logs its status, rotates the secret and replays a delivery", async () => {
    const caller = await consoleAs("admin@example.com");
    const ep = await caller.webhooks.create({ url });
    expect(ep.secret).toMatch(/^whsec_/);
    expect(JSON.stringify(await caller.webhooks.list())).not.toContain(ep.secret);
    expect(JSON.stringify(await caller.webhooks.get({ id: ep.id }))).not.toContain(ep.secret);

    const ping = await caller.webhooks.sendTestEvent({ id: ep.id });
    expect(ping).toMatchObject({ state: "succeeded", last_status: 200, attempts: 1 });
    expect(JSON.parse(received[0].body)).toMatchObject({ type: "ping", id: ping.event_id });
    expect(verifyWebhook(ep.secret, received[0].signature, received[0].body)).toBe(true);
    expect((await caller.webhooks.deliveries({ id: ep.id })).results[0]).toMatchObject({
      id: ping.id,
      last_status: 200,
    });

    const rotated = await caller.webhooks.rotateSecret({ id: ep.id });
    expect(rotated.secret).not.toBe(ep.secret);
    status = 500;
    const replayed = await caller.webhooks.replayDelivery({ id: ep.id, delivery_id: ping.id });
    expect(replayed).toMatchObject({ id: ping.id, state: "pending", last_status: 500, attempts: 1 });
    const last = received[received.length - 1];
    expect(verifyWebhook(rotated.secret, last.signature, last.body)).toBe(true);
    expect(verifyWebhook(ep.secret, last.signature, last.body)).toBe(false);
    status = 200;
  });

  it("another account's endpoint and deliveries are not found", async () => {
    const mine = await (await consoleAs("admin@example.com")).webhooks.create({ url });
    const delivery = await (await consoleAs("admin@example.com")).webhooks.sendTestEvent({ id: mine.id });
    const other = await consoleAs("other-admin@example.com");
    const calls = [
      () => other.webhooks.get({ id: mine.id }),
      () => other.webhooks.rotateSecret({ id: mine.id }),
      () => other.webhooks.sendTestEvent({ id: mine.id }),
      () => other.webhooks.deliveries({ id: mine.id }),
      () => other.webhooks.replayDelivery({ id: mine.id, delivery_id: delivery.id }),
    ];
    for (const call of calls) expect(await codeOf(call())).toBe("NOT_FOUND");
  });
});

describe("settings.processors / salesChannels", () => {
  it("lists the account's processors only, without their config", async () => {
    const list = await (await consoleAs("admin@example.com")).settings.processors.list();
    expect(list.map((p) => p.id)).toContain(ids.cardProcessor);
    expect(JSON.stringify(list)).not.toContain("private_key");
    expect(await (await consoleAs("other-admin@example.com")).settings.processors.list()).toEqual([]);
  });

  it("creates and updates a channel with the REST rules, and names the bad field", async () => {
    const caller = await consoleAs("admin@example.com");
    const ch = await caller.settings.salesChannels.create({
      name: "Shop",
      offer: { items: [{ price: ids.basicMonthly, quantity: 1 }] },
      allowed_origins: ["https://shop.example.com"],
      processor_ids: [ids.cardProcessor],
    });
    expect(ch).toMatchObject({
      name: "Shop",
      allowed_origins: ["https://shop.example.com"],
      processor_ids: [ids.cardProcessor],
      active: true,
    });
    expect((await caller.settings.salesChannels.update({ id: ch.id, active: false })).active).toBe(false);
    await expect(
      caller.settings.salesChannels.create({
        name: "Bad",
        offer: { items: [{ price: ids.basicUsd, quantity: 1 }] },
        allowed_origins: ["https://shop.example.com"],
        processor_ids: [ids.cardProcessor],
      }),
    ).rejects.toMatchObject({ cause: { fields: { processor_ids: [expect.stringContaining("EUR")] } } });
    await expect(
      caller.settings.salesChannels.update({ id: ch.id, allowed_origins: ["javascript:alert(1)"] }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { issues: [expect.objectContaining({ path: ["allowed_origins", 0] })] },
    });
    expect(await codeOf((await consoleAs("other-admin@example.com")).settings.salesChannels.get({ id: ch.id }))).toBe(
      "NOT_FOUND",
    );
  });
});
