// Webhook endpoints cannot reach internal networks (SSRF): URLs that are, or resolve to, loopback,
// private, link-local, unique-local, unspecified or other non-public addresses are refused at creation
// (400 {"url": [...]}) in every notation, and again at delivery after DNS resolution, with the connection
// pinned to the checked address (a rebinding DNS is played by an injected resolver); no redirects; the
// delivery log shows generic errors only; deliveries run in parallel with a per-endpoint limit. Network
// traffic goes to loopback servers only (the loopback exception is turned on explicitly where needed).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isDomainError } from "@/server/domain/errors";
import { fanOut } from "@/server/domain/webhooks/deliver";
import { deliverDue } from "@/server/domain/webhooks/dispatch";
import { createWebhookEndpoint } from "@/server/domain/webhooks/endpoints";
import { DELIVERY_ERRORS } from "@/server/domain/webhooks/send";
import { networkPolicy, type Resolver } from "@/server/domain/webhooks/target";
import { webhookPump } from "@/server/worker/billing";
import { setEnv } from "@/tests/env";
import { ctxFor, db, systemCtx } from "@/tests/helpers";
import { newWorld, ok, type World } from "./_world";

/** A loopback receiver: "/hang/…" never answers, "/redirect" answers 302 to "/target", anything else 200. */
interface Hit {
  path: string;
  host: string;
}
let server: http.Server;
let port = 0;
const hits: Hit[] = [];
const open = new Map<string, number>();
const maxOpen = new Map<string, number>();
const held = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    hits.push({ path, host: String(req.headers.host) });
    if (path.startsWith("/hang")) {
      open.set(path, (open.get(path) ?? 0) + 1);
      maxOpen.set(path, Math.max(maxOpen.get(path) ?? 0, open.get(path)!));
      held.add(res);
      req.on("close", () => {
        open.set(path, open.get(path)! - 1);
        held.delete(res);
      });
      return;
    }
    if (path === "/redirect") {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/target` });
      return res.end();
    }
    res.end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

// every test starts from the default: no loopback exception
let restoreEnv = () => {};
afterEach(() => {
  restoreEnv();
  restoreEnv = () => {};
});

const hitsOf = (path: string) => hits.filter((h) => h.path === path);
const account = async () =>
  (await db().account.create({ data: { name: `ssrf-${randomBytes(4).toString("hex")}` } })).id;
/** An endpoint row written directly, bypassing the creation check (as if created before it existed, or by rebinding). */
const rawEndpoint = async (accountId: number, url: string) =>
  db().webhookEndpoint.create({
    data: { accountId, url, secret: `whsec_${randomBytes(12).toString("hex")}`, enabledEvents: ["*"] },
  });
/** One published event of the account, i.e. one pending delivery per endpoint. */
async function event(accountId: number) {
  await db().outboxEvent.create({
    data: { accountId, eventId: `evt_${randomBytes(12).toString("hex")}`, type: "test.ping", payload: { ping: true } },
  });
  await fanOut(systemCtx());
}
const deliveriesOf = (endpointId: number) =>
  db().webhookDelivery.findMany({ where: { endpointId }, orderBy: { id: "asc" } });
/** A resolver answering fixed addresses per name (and failing like DNS for any other name). */
function resolverOf(table: Record<string, string[]>, calls: string[] = []): Resolver {
  return async (name) => {
    calls.push(name);
    const list = table[name];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const INTERNAL_URLS = [
  "http://127.0.0.1/hook",
  "http://127.0.0.1:5432/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0177.0.0.1/",
  "http://127.1/",
  "http://0x7f.1/",
  "http://017700000001/",
  "http://%31%32%37.0.0.1/",
  "http://[::1]/",
  "http://[0:0:0:0:0:0:0:1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[::]/",
  "http://0.0.0.0/",
  "http://0/",
  "http://localhost/",
  "http://LOCALHOST.:8080/",
  "http://api.localhost/",
  "http://169.254.169.254/latest/meta-data/",
  "http://10.0.0.1/",
  "http://10.255.255.255/",
  "http://172.16.0.1/",
  "http://172.31.255.254/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://[fc00::1]/",
  "http://[fd12:3456::1]/",
  "http://[fe80::1]/",
  "http://[ff02::1]/",
  "http://224.0.0.1/",
  "http://255.255.255.255/",
  "http://[::ffff:10.0.0.1]/",
  "http://[::ffff:169.254.169.254]/",
  "http://[64:ff9b::a00:1]/",
  "http://[2002:a00:1::]/",
  "https://192.168.0.10:8443/x",
];

describe("creating an endpoint (REST, default: no loopback exception)", () => {
  let w: World;
  beforeAll(async () => {
    w = await newWorld();
  });
  // the public and unresolvable endpoints created here must never be delivered to by later tests
  afterAll(async () => {
    await db().webhookEndpoint.deleteMany({ where: { accountId: w.accountId } });
  });

  it.each(INTERNAL_URLS)("%s → 400 {url: [...]}", async (url) => {
    const body = ok(await w.post("/v2/webhook-endpoints/", { url }), 400);
    expect(Object.keys(body)).toEqual(["url"]);
    expect(body.url[0]).toMatch(/not point at/);
  });

  it("credentials in the URL and non-http schemes → 400; public addresses and names not resolving (yet) → 201", async () => {
    expect(ok(await w.post("/v2/webhook-endpoints/", { url: "http://user:pw@93.184.216.34/" }), 400).url[0]).toMatch(
      /user name or password/,
    );
    expect(ok(await w.post("/v2/webhook-endpoints/", { url: "http://:pw@93.184.216.34/" }), 400)).toHaveProperty("url");
    for (const url of ["file:///etc/passwd", "gopher://127.0.0.1/", "ftp://93.184.216.34/"])
      expect(ok(await w.post("/v2/webhook-endpoints/", { url }), 400)).toHaveProperty("url");
    // creation only resolves, it never connects: these hosts are not contacted
    expect(ok(await w.post("/v2/webhook-endpoints/", { url: "https://93.184.216.34/hooks" }), 201).url).toBe(
      "https://93.184.216.34/hooks",
    );
    expect(ok(await w.post("/v2/webhook-endpoints/", { url: "https://[2606:4700::1111]/hooks" }), 201)).toHaveProperty(
      "secret",
    );
    expect(ok(await w.post("/v2/webhook-endpoints/", { url: "https://hooks.example.invalid/x" }), 201)).toHaveProperty(
      "secret",
    );
  });

  it("WEBHOOKS_ALLOW_LOOPBACK=1 allows 127.0.0.0/8 and ::1 only, and is ignored under NODE_ENV=production", async () => {
    // NODE_ENV is listed so that restoring puts it back after the production step below
    restoreEnv = setEnv({ WEBHOOKS_ALLOW_LOOPBACK: "1", NODE_ENV: process.env.NODE_ENV });
    for (const url of ["http://127.0.0.1:9/x", "http://127.1:9/", "http://[::1]:9/", "http://localhost:9/"])
      ok(await w.post("/v2/webhook-endpoints/", { url }), 201);
    for (const url of [
      "http://0.0.0.0/",
      "http://[::]/",
      "http://10.0.0.1/",
      "http://169.254.169.254/",
      "http://192.168.1.1/",
      "http://[fd00::1]/",
    ]) {
      expect(ok(await w.post("/v2/webhook-endpoints/", { url }), 400)).toHaveProperty("url");
    }
    setEnv({ NODE_ENV: "production" });
    expect(ok(await w.post("/v2/webhook-endpoints/", { url: "http://127.0.0.1:9/x" }), 400)).toHaveProperty("url");
  });
});

describe("creating an endpoint whose name resolves to internal addresses", () => {
  const create = async (url: string, table: Record<string, string[]>) => {
    try {
      await createWebhookEndpoint(ctxFor(await account()), { url }, networkPolicy({ resolve: resolverOf(table) }));
      return "created";
    } catch (e) {
      if (isDomainError(e)) return Object.keys(e.fields ?? {}).join();
      throw e;
    }
  };

  it("→ 400 url when any resolved address is disallowed; created when all are public", async () => {
    expect(await create("https://intranet.example.com/", { "intranet.example.com": ["10.1.2.3"] })).toBe("url");
    expect(await create("https://meta.example.com/", { "meta.example.com": ["169.254.169.254"] })).toBe("url");
    expect(await create("https://mixed.example.com/", { "mixed.example.com": ["93.184.216.34", "127.0.0.1"] })).toBe(
      "url",
    );
    expect(await create("https://v6.example.com/", { "v6.example.com": ["2606:4700::1111", "fd00::5"] })).toBe("url");
    expect(await create("https://mapped.example.com/", { "mapped.example.com": ["::ffff:192.168.0.1"] })).toBe("url");
    expect(
      await create("https://public.example.com/", { "public.example.com": ["93.184.216.34", "2606:4700::1111"] }),
    ).toBe("created");
  });
});

describe("delivery re-checks the address", () => {
  it("default: an endpoint row with a loopback URL (or localhost) is refused at delivery and never contacted", async () => {
    const a = await account();
    const literal = await rawEndpoint(a, `http://127.0.0.1:${port}/raw-literal`);
    const named = await rawEndpoint(a, `http://localhost:${port}/raw-name`);
    await event(a);
    expect(await deliverDue(systemCtx())).toEqual({ sent: 0, failed: 2 });
    for (const ep of [literal, named]) {
      const [d] = await deliveriesOf(ep.id);
      expect(d).toMatchObject({ state: "pending", attempts: 1, lastStatus: null, lastError: DELIVERY_ERRORS.refused });
    }
    expect(hitsOf("/raw-literal").length + hitsOf("/raw-name").length).toBe(0);
  });

  it("rebinding: a name that was public at creation and resolves to 127.0.0.1 at delivery is refused", async () => {
    const a = await account();
    const calls: string[] = [];
    const ep = await createWebhookEndpoint(
      ctxFor(a),
      { url: `http://hooks.rebind.test:${port}/rebound` },
      networkPolicy({ resolve: resolverOf({ "hooks.rebind.test": ["93.184.216.34"] }) }),
    );
    await event(a);
    expect(
      await deliverDue(systemCtx(), { resolve: resolverOf({ "hooks.rebind.test": ["127.0.0.1"] }, calls) }),
    ).toEqual({ sent: 0, failed: 1 });
    expect(calls).toEqual(["hooks.rebind.test"]);
    expect((await deliveriesOf(ep.id))[0]).toMatchObject({ lastError: DELIVERY_ERRORS.refused, lastStatus: null });
    expect(hitsOf("/rebound")).toEqual([]);
  });

  it("the connection goes to the checked address (the name itself resolves nowhere), looked up once per attempt", async () => {
    const a = await account();
    const ep = await rawEndpoint(a, `http://pinned.rebind.test:${port}/pinned`);
    await event(a);
    const calls: string[] = [];
    expect(
      await deliverDue(systemCtx(), {
        allowLoopback: true,
        resolve: resolverOf({ "pinned.rebind.test": ["127.0.0.1"] }, calls),
      }),
    ).toEqual({ sent: 1, failed: 0 });
    expect(calls).toEqual(["pinned.rebind.test"]);
    expect(hitsOf("/pinned")).toEqual([{ path: "/pinned", host: `pinned.rebind.test:${port}` }]);
    expect((await deliveriesOf(ep.id))[0]).toMatchObject({ state: "succeeded", lastStatus: 200, lastError: null });
  });

  it("the loopback exception still refuses private addresses a name resolves to", async () => {
    const a = await account();
    const ep = await rawEndpoint(a, `http://lan.rebind.test:${port}/lan`);
    await event(a);
    expect(
      await deliverDue(systemCtx(), {
        allowLoopback: true,
        resolve: resolverOf({ "lan.rebind.test": ["127.0.0.1", "192.168.1.20"] }),
      }),
    ).toEqual({ sent: 0, failed: 1 });
    expect((await deliveriesOf(ep.id))[0].lastError).toBe(DELIVERY_ERRORS.refused);
  });
});

/** A self-signed certificate for `name` (openssl), or null where openssl is missing. */
function selfSigned(name: string): { key: string; cert: string } | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), "whtls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        `/CN=${name}`,
        "-addext",
        `subjectAltName=DNS:${name}`,
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return {
      key: readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("https", () => {
  const pair = selfSigned("tls.rebind.test");
  it.skipIf(!pair)(
    "the pinned connection still presents and verifies the host name (SNI); an untrusted certificate fails",
    async () => {
      const names: string[] = [];
      let requests = 0;
      const tlsServer = https.createServer(
        {
          ...pair!,
          SNICallback: (name, cb) => {
            names.push(name);
            cb(null, undefined);
          },
        },
        (_req, res) => {
          requests++;
          res.end("ok");
        },
      );
      await new Promise<void>((r) => tlsServer.listen(0, "127.0.0.1", r));
      try {
        const a = await account();
        const ep = await rawEndpoint(a, `https://tls.rebind.test:${(tlsServer.address() as AddressInfo).port}/tls`);
        await event(a);
        expect(
          await deliverDue(systemCtx(), {
            allowLoopback: true,
            resolve: resolverOf({ "tls.rebind.test": ["127.0.0.1"] }),
          }),
        ).toEqual({ sent: 0, failed: 1 });
        expect(names).toEqual(["tls.rebind.test"]);
        expect(requests).toBe(0);
        expect((await deliveriesOf(ep.id))[0].lastError).toBe(DELIVERY_ERRORS.connect);
      } finally {
        tlsServer.closeAllConnections();
        await new Promise((r) => tlsServer.close(r));
      }
    },
  );
});

describe("redirects and errors", () => {
  it("a 3xx is a failed delivery and its Location is never followed", async () => {
    const a = await account();
    const ep = await rawEndpoint(a, `http://127.0.0.1:${port}/redirect`);
    await event(a);
    expect(await deliverDue(systemCtx(), { allowLoopback: true })).toEqual({ sent: 0, failed: 1 });
    expect((await deliveriesOf(ep.id))[0]).toMatchObject({ state: "pending", lastStatus: 302, lastError: "HTTP 302" });
    expect(hitsOf("/redirect").length).toBe(1);
    expect(hitsOf("/target")).toEqual([]);
  });

  it("a refused connection and a DNS failure read the same, without errno, address or port; old detailed errors are masked", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const w = await newWorld();
    const refused = await rawEndpoint(w.accountId, `http://127.0.0.1:${closedPort}/x`);
    const unknown = await rawEndpoint(w.accountId, "http://no-such-host.rebind.test/x");
    await event(w.accountId);
    expect(await deliverDue(systemCtx(), { allowLoopback: true, resolve: resolverOf({}) })).toEqual({
      sent: 0,
      failed: 2,
    });
    for (const ep of [refused, unknown]) {
      const [d] = ok(await w.get(`/v2/webhook-endpoints/${ep.id}/deliveries/`));
      expect(d).toMatchObject({ state: "pending", attempts: 1, last_status: null, last_error: "could not connect" });
    }
    const [row] = await deliveriesOf(refused.id);
    await db().webhookDelivery.update({
      where: { id: row.id },
      data: { lastError: `connect ECONNREFUSED 10.0.0.7:${closedPort}` },
    });
    const [d] = ok(await w.get(`/v2/webhook-endpoints/${refused.id}/deliveries/`));
    expect(d.last_error).toBe("could not connect");
  });
});

describe("parallel delivery", () => {
  it("another account's fast endpoint is delivered while a slow one hangs; at most 2 attempts at once per endpoint", async () => {
    const slowAccount = await account();
    const fastAccount = await account();
    const slow = await rawEndpoint(slowAccount, `http://127.0.0.1:${port}/hang/slow`);
    // the slow account's three deliveries are older, so they are claimed first
    for (let i = 0; i < 3; i++) await event(slowAccount);
    const fast = await rawEndpoint(fastAccount, `http://127.0.0.1:${port}/fast`);
    await event(fastAccount);
    expect(await deliverDue(systemCtx(), { allowLoopback: true, timeoutMs: 4_000 })).toEqual({ sent: 1, failed: 3 });
    const slowRows = await deliveriesOf(slow.id);
    const [fastRow] = await deliveriesOf(fast.id);
    expect(slowRows.map((d) => [d.state, d.attempts, d.lastError])).toEqual(Array(3).fill(["pending", 1, "timed out"]));
    expect(fastRow).toMatchObject({ state: "succeeded", attempts: 1 });
    // recorded before any slow attempt ended: it did not wait behind them although they were claimed first
    const firstSlowEnd = Math.min(...slowRows.map((d) => d.updatedAt.getTime()));
    expect(fastRow.updatedAt.getTime()).toBeLessThan(firstSlowEnd);
    expect(hitsOf("/hang/slow").length).toBe(3);
    expect(maxOpen.get("/hang/slow")).toBe(2);
  });

  it("the worker's tick only starts deliveries: a later tick delivers another account's event while a slow attempt still hangs", async () => {
    const slowAccount = await account();
    const fastAccount = await account();
    const slow = await rawEndpoint(slowAccount, `http://127.0.0.1:${port}/hang/worker`);
    const fast = await rawEndpoint(fastAccount, `http://127.0.0.1:${port}/fast-worker`);
    const tick = webhookPump(db(), { allowLoopback: true, timeoutMs: 4_000 });
    await db().outboxEvent.create({
      data: {
        accountId: slowAccount,
        eventId: `evt_${randomBytes(12).toString("hex")}`,
        type: "test.ping",
        payload: {},
      },
    });
    await tick();
    await db().outboxEvent.create({
      data: {
        accountId: fastAccount,
        eventId: `evt_${randomBytes(12).toString("hex")}`,
        type: "test.ping",
        payload: {},
      },
    });
    await tick();
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
      return check();
    };
    expect(await until(async () => (await deliveriesOf(fast.id))[0]?.state === "succeeded")).toBe(true);
    expect(await until(async () => (await deliveriesOf(slow.id))[0]?.attempts === 1)).toBe(true);
    const [slowRow] = await deliveriesOf(slow.id);
    const [fastRow] = await deliveriesOf(fast.id);
    expect(slowRow.lastError).toBe("timed out");
    expect(fastRow.updatedAt.getTime()).toBeLessThan(slowRow.updatedAt.getTime());
  });

  it("one pass delivers everything due even when it exceeds the pool (more endpoints and events than slots)", async () => {
    const a = await account();
    const eps = [];
    for (let i = 0; i < 5; i++) eps.push(await rawEndpoint(a, `http://127.0.0.1:${port}/many-${i}`));
    for (let i = 0; i < 3; i++) await event(a);
    expect(await deliverDue(systemCtx(), { allowLoopback: true, maxInFlight: 2, perEndpoint: 1 })).toEqual({
      sent: 15,
      failed: 0,
    });
    for (let i = 0; i < 5; i++) expect(hitsOf(`/many-${i}`).length).toBe(3);
  });

  it("the default timeout is 10 s", async () => {
    const a = await account();
    const ep = await rawEndpoint(a, `http://127.0.0.1:${port}/hang/default`);
    await event(a);
    const t = Date.now();
    expect(await deliverDue(systemCtx(), { allowLoopback: true })).toEqual({ sent: 0, failed: 1 });
    const took = Date.now() - t;
    expect(took).toBeGreaterThanOrEqual(9_500);
    expect(took).toBeLessThan(20_000);
    expect((await deliveriesOf(ep.id))[0].lastError).toBe(DELIVERY_ERRORS.timeout);
  });
});
