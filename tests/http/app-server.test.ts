// The app server in front of Next.js (scripts/app-server.mjs → scripts/lib/appServer.mjs): client addresses come
// from the socket unless TRUST_PROXY names the proxy, so invented X-Forwarded-For values
// neither dodge the sign-in throttle nor frame someone else; and a body a route refused unread does not
// stall the keep-alive connection it came on. Over real sockets on loopback addresses (127.0.0.x). A
// body stream Next.js itself tore down (a cancelled reader) closes the connection instead: e2e/edge.spec.ts.
import { spawnSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { PassThrough } from "node:stream";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper
import { createAppServer, DRAIN_LIMIT_BYTES } from "@/scripts/lib/appServer.mjs";
// @ts-expect-error plain ESM helper
import { CLIENT_ADDRESS_HEADER, clientAddressOf, parseTrustProxy } from "@/scripts/lib/clientAddress.mjs";
import { MAX_EMAIL_ADDRESS_FAILURES } from "@/server/auth/throttle";
import { SignInThrottled, signInWithPassword } from "@/server/auth/users";
import { clientAddress, CLIENT_ADDRESS_HEADER as READ_HEADER } from "@/server/clientAddress";
import { db, seed } from "@/tests/helpers";

type Trust = ReturnType<typeof parseTrustProxy>;
const none: Trust = parseTrustProxy(undefined);

describe("the client address", () => {
  it("without TRUST_PROXY: the socket's peer, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("::ffff:127.0.0.2", "203.0.113.9", none)).toBe("127.0.0.2");
    expect(clientAddressOf("::1", "203.0.113.9, 10.0.0.1", none)).toBe("::1");
    for (const off of ["", "0", "false", "none"]) expect(parseTrustProxy(off)).toEqual(none);
  });

  it("TRUST_PROXY=N: the entry N hops from the socket (the leftmost when the chain is shorter)", () => {
    const xff = "198.51.100.1, 203.0.113.5, 10.0.0.2";
    expect(clientAddressOf("10.0.0.1", xff, parseTrustProxy("1"))).toBe("10.0.0.2");
    expect(clientAddressOf("10.0.0.1", xff, parseTrustProxy("2"))).toBe("203.0.113.5");
    expect(clientAddressOf("10.0.0.1", xff, parseTrustProxy("9"))).toBe("198.51.100.1");
    expect(clientAddressOf("10.0.0.1", undefined, parseTrustProxy("1"))).toBe("10.0.0.1");
  });

  it("TRUST_PROXY=list: walk from the right while the address is a listed proxy", () => {
    const trust = parseTrustProxy("loopback, 10.0.0.0/8, 2001:db8::/32");
    expect(clientAddressOf("127.0.0.1", "198.51.100.7, 10.9.8.7", trust)).toBe("198.51.100.7");
    // the first address that is not ours is the client; what it claims further left is its own writing
    expect(clientAddressOf("127.0.0.1", "192.0.2.66, 198.51.100.7", trust)).toBe("198.51.100.7");
    expect(clientAddressOf("198.51.100.8", "192.0.2.66", trust)).toBe("198.51.100.8");
    expect(clientAddressOf("::1", "[2001:db8::5]:443, 203.0.113.4:1234", trust)).toBe("203.0.113.4");
    // a malformed entry ends the walk at the proxy that passed it on
    expect(clientAddressOf("127.0.0.1", "not-an-address", trust)).toBe("127.0.0.1");
  });

  it("a TRUST_PROXY that is none of these is refused, by npm start before anything runs", () => {
    for (const bad of ["proxy.example.com", "10.0.0.0/33", "1.2.3.4/8/1", "-1"])
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
    const start = spawnSync(process.execPath, ["scripts/start.mjs"], {
      env: { PATH: process.env.PATH, TRUST_PROXY: "proxy.example.com" } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(start.status).toBe(1);
    expect(start.stderr).toMatch(/Refusing to start: TRUST_PROXY: "proxy.example.com"/);
  });

  it("the app reads the header the app server writes; without it everything is one 'unknown' client", () => {
    expect(READ_HEADER).toBe(CLIENT_ADDRESS_HEADER);
    expect(clientAddress(new Headers({ [READ_HEADER]: "127.0.0.2", "x-forwarded-for": "203.0.113.1" }))).toBe(
      "127.0.0.2",
    );
    expect(clientAddress({ "x-forwarded-for": "203.0.113.1" })).toBe("unknown");
  });
});

// --- over HTTP ------------------------------------------------------------------------------------------

const PASSWORD = "owner password";
let email: string;
const servers: http.Server[] = [];

beforeAll(async () => {
  const s = await seed();
  email = `owner-${process.pid}@example.com`;
  await db().user.create({ data: { accountId: s.accountId, email, passwordHash: await bcrypt.hash(PASSWORD, 4) } });
});
afterAll(() => {
  for (const s of servers) s.close();
});

/** A sign-in route like /api/auth/callback/credentials: 200, 401 or 429 with Retry-After; /echo tells the address. */
async function signInHandler(req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.url === "/echo") return void res.end(req.headers[CLIENT_ADDRESS_HEADER]);
  let text = "";
  for await (const chunk of req) text += chunk;
  const { email, password } = JSON.parse(text);
  try {
    const user = await signInWithPassword(email, password, req.headers);
    res.writeHead(user ? 200 : 401).end();
  } catch (e) {
    if (!(e instanceof SignInThrottled)) throw e;
    res.writeHead(429, { "retry-after": String(e.retryAfterSeconds) }).end();
  }
}

async function serve(handle: (req: http.IncomingMessage, res: http.ServerResponse) => unknown, trust = none) {
  const server: http.Server = createAppServer(handle, { trust, onError: () => {} });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

function request(
  port: number,
  from: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, method: body ? "POST" : "GET", localAddress: from, headers, agent: false },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, text, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe("throttles key on the socket's address", () => {
  it("the address a client sends (X-Forwarded-For, X-Real-IP, the internal header itself) is replaced by its socket's", async () => {
    const port = await serve(signInHandler);
    const r = await request(port, "127.0.0.2", "/echo", {
      "x-forwarded-for": "203.0.113.50",
      "x-real-ip": "203.0.113.51",
      [CLIENT_ADDRESS_HEADER]: "203.0.113.52",
    });
    expect(r.text).toBe("127.0.0.2");
  });

  it("15 wrong passwords with 15 invented X-Forwarded-For values are throttled as one address; the owner elsewhere gets in", async () => {
    const port = await serve(signInHandler);
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 15; i++) {
      const r = await request(
        port,
        "127.0.0.2",
        "/",
        { "x-forwarded-for": `203.0.113.${i + 1}` },
        {
          email,
          password: `guess-${i}`,
        },
      );
      statuses.push(r.status);
      retryAfter ??= r.headers["retry-after"];
    }
    expect(statuses.slice(0, MAX_EMAIL_ADDRESS_FAILURES)).toEqual(Array(MAX_EMAIL_ADDRESS_FAILURES).fill(401));
    expect(statuses.slice(MAX_EMAIL_ADDRESS_FAILURES)).toEqual(Array(15 - MAX_EMAIL_ADDRESS_FAILURES).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // the attacker, even with the right password and the owner's address in the header, stays out
    expect(
      (await request(port, "127.0.0.2", "/", { "x-forwarded-for": "127.0.0.3" }, { email, password: PASSWORD })).status,
    ).toBe(429);
    // the owner, from an address without failures
    expect((await request(port, "127.0.0.3", "/", {}, { email, password: PASSWORD })).status).toBe(200);
  }, 60_000);

  it("TRUST_PROXY=loopback: the proxy's X-Forwarded-For entry is the client", async () => {
    const port = await serve(signInHandler, parseTrustProxy("loopback"));
    expect((await request(port, "127.0.0.4", "/echo", { "x-forwarded-for": "203.0.113.9, 198.51.100.4" })).text).toBe(
      "198.51.100.4",
    );
  });
});

// --- keep-alive after a refused body ---------------------------------------------------------------------

/** Writes `raw` on one socket, then `GET /next` once the first answer is in; resolves with everything read. */
function twoOnOneSocket(port: number, head: string, body: Buffer): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let sentSecond = false;
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed });
    };
    const timer = setTimeout(() => done(false), 10_000);
    socket.on("data", (d) => {
      text += d;
      if (!sentSecond && text.includes("\r\n\r\n")) {
        sentSecond = true;
        socket.write("GET /next HTTP/1.1\r\nHost: x\r\n\r\n");
      }
      if (/second answer/.test(text)) done(false);
    });
    socket.on("error", () => {});
    socket.on("close", () => done(true));
    socket.write(head);
    socket.write(body);
  });
}

/** Like Next.js: the body is piped into a stream nobody reads, and the route answers 400 without reading it. */
function refuseUnread(req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.url === "/next") return void res.end("second answer");
  req.pipe(new PassThrough({ highWaterMark: 16 }));
  res.writeHead(400, { "content-type": "application/json" }).end('{"detail":"too large"}');
}

describe("a body refused unread", () => {
  it("is drained after the answer: the next request on the keep-alive connection is answered", async () => {
    const port = await serve(refuseUnread);
    const size = 3_000_000;
    const r = await twoOnOneSocket(
      port,
      `POST /quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      Buffer.alloc(size, "a"),
    );
    expect(r.text).toMatch(/^HTTP\/1.1 400/);
    expect(r.text).toContain("second answer");
  }, 30_000);

  it("a body declared longer than the drain limit closes the connection after the answer", async () => {
    const port = await serve(refuseUnread);
    const huge = await twoOnOneSocket(
      port,
      `POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: ${DRAIN_LIMIT_BYTES + 1}\r\n\r\n`,
      Buffer.alloc(64 * 1024, "a"),
    );
    expect(huge.text).toMatch(/^HTTP\/1.1 400/);
    expect(huge.text.toLowerCase()).toContain("connection: close");
    expect(huge.closed).toBe(true);
  }, 30_000);
});
