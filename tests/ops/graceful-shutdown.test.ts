// Graceful shutdown (docs/deployment.md "Graceful shutdown"). The app server: on SIGTERM it refuses new
// connections, answers the requests in flight (within SHUTDOWN_GRACE_MS; past it they are cut off and it exits
// 1), then exits 0: its node:http front with a stand-in handler (starts in a second), and the real production
// server where a `next build` exists (skipped otherwise). The worker (scripts/worker.ts): on SIGTERM during a billing batch it stops taking jobs,
// finishes or hands back the ones it holds and exits 0; a worker started afterwards leaves every contract
// billed exactly once (none lost, none doubled).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper
import { freePort } from "@/scripts/lib/pg.mjs";
// @ts-expect-error plain ESM helper
import { appServerCommand } from "@/scripts/lib/processes.mjs";
import { config } from "@/server/config";
import { at, newWorld, ok } from "@/tests/billing/_world";
import { seedFixed } from "@/tests/contracts/_fixtures";
import { db } from "@/tests/helpers";

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});

/** Starts `args` under node; resolves once its output contains `ready` (a regex), with what it printed. */
function startChild(args: string[], env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const started = new Promise<RegExpExecArray>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      const m = ready.exec(out);
      if (m) resolve(m);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then(({ code }) => reject(new Error(`exited (${code}) before it was ready:\n${out}`)));
  });
  return { child, started, exited, output: () => out };
}

/** GET `path` on a connection of its own: status and body, or the error that ended it. */
function request(port: number, path: string) {
  return new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode, body }));
      res.on("error", (e) => resolve({ error: e.message }));
    });
    req.on("error", (e) => resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
  });
}

/** Whether a new TCP connection to `port` is accepted. */
const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

const waitFor = async (what: string, check: () => Promise<boolean> | boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe("the app server on SIGTERM", () => {
  const start = (slowMs: number, env: Record<string, string>) =>
    startChild(["--import", "tsx", "tests/ops/_slow-app-server.ts", String(slowMs)], env, /listening (\d+)/);

  it("finishes the request in flight (200), refuses new connections, exits 0", async () => {
    const app = start(1500, { SHUTDOWN_GRACE_MS: "10000" });
    const port = Number((await app.started)[1]);
    expect((await request(port, "/")).status).toBe(200);
    const slow = request(port, "/slow");
    await waitFor("the slow request to arrive", () => app.output().includes("in flight"), 5_000);
    const signalled = Date.now();
    app.child.kill("SIGTERM");
    await waitFor("the listener to close", async () => !(await connects(port)), 1_000);
    expect(await request(port, "/")).toEqual({ error: "ECONNREFUSED" });
    expect(await slow).toEqual({ status: 200, body: "done" });
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(app.output()).toContain("taking no new connections");
  });

  it("cuts off what still runs after SHUTDOWN_GRACE_MS and exits 1", async () => {
    const app = start(20000, { SHUTDOWN_GRACE_MS: "500" });
    const port = Number((await app.started)[1]);
    const slow = request(port, "/slow");
    await waitFor("the slow request to arrive", () => app.output().includes("in flight"), 5_000);
    const signalled = Date.now();
    app.child.kill("SIGTERM");
    expect((await slow).status).toBeUndefined(); // the connection was closed without an answer
    expect(await app.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalled).toBeLessThan(3_000);
  });
});

// The real app server (Next.js's production build behind scripts/app-server.mjs), where a build exists: a
// request whose body is still arriving when SIGTERM comes is answered, and the process exits 0.
const built = existsSync(".next/BUILD_ID");
describe.skipIf(!built)("the production app server on SIGTERM (needs `next build`)", () => {
  it("answers a POST whose body arrives after the signal (201), refuses new connections, exits 0", async () => {
    await seedFixed();
    const port = await freePort(3600);
    const [cmd, args, env] = appServerCommand({
      ...process.env,
      PORT: String(port),
      APP_ENV: "test",
      LOG_LEVEL: "warn",
      SHUTDOWN_GRACE_MS: "10000",
    });
    const app = startChild(args, env, /app: listening/);
    expect(cmd).toBe(process.execPath);
    await app.started;
    const body = JSON.stringify({ reference: "graceful-1", name: "Drained" });
    const answer = new Promise<{ status?: number; body?: string }>((resolve) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/v2/customers/",
          method: "POST",
          agent: false,
          headers: {
            authorization: "Api-Key sk_test_demo_secret",
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode, body: text }));
        },
      );
      req.on("error", (e) => resolve({ body: e.message }));
      // half the body now, the rest after SIGTERM: the request is in flight when the signal comes
      req.write(body.slice(0, 10));
      setTimeout(() => {
        app.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 1_000);
      }, 500);
    });
    await waitFor("the listener to close", async () => !(await connects(port)), 5_000);
    const res = await answer;
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body!).reference).toBe("graceful-1");
    expect(await app.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});

describe("the worker on SIGTERM", () => {
  const T0 = "2026-01-10T00:00:00.000Z";
  const start = () =>
    startChild(
      ["--import", "tsx", "scripts/worker.ts"],
      // one chunk (job) per account; several accounts so the batch holds several
      { DATABASE_URL: config().DATABASE_URL!, TICK_SECONDS: "1", WORKER_CONCURRENCY: "1", SHUTDOWN_GRACE_MS: "8000" },
      /worker started/,
    );

  it("during a billing batch: exits 0, and after a restart every contract is billed exactly once", async () => {
    // contracts from Jan 10 on monthly prices: due every 10th up to now (the test accounts' clocks never lag real time)
    const ids: number[] = [];
    for (let a = 0; a < 2; a++) {
      const w = await newWorld();
      at(T0);
      try {
        for (let i = 0; i < 3; i++)
          ids.push(
            ok(
              await w.post("/v2/subscription-contracts/", {
                customer_reference: "cust-1001",
                items: [{ price: w.ids.basicMonthly }],
              }),
              201,
            ).id,
          );
      } finally {
        at(null);
      }
    }
    const periods: string[] = [];
    for (let m = 1; ; m++) {
      const d = new Date(Date.UTC(2026, m, 10));
      if (d > new Date()) break;
      periods.push(d.toISOString());
    }
    const expected = ids.length * periods.length;
    const ours = { contractId: { in: ids } };
    const built = () => db().billingRun.count({ where: ours });

    const first = start();
    await first.started;
    await waitFor("billing to begin", async () => (await built()) > 0, 20_000);
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain("worker stopping");
    const atStop = await db().billingRun.groupBy({ by: ["state"], where: ours, _count: true });
    console.log(`runs at the stop: ${JSON.stringify(atStop.map((s) => [s.state, s._count]))} of ${expected}`);
    // nothing left claimed: the chunk in hand was finished, not cut off
    expect(atStop.find((s) => s.state === "processing")).toBeUndefined();

    const second = start();
    await second.started;
    await waitFor(
      "every period billed",
      async () => (await db().billingRun.count({ where: { ...ours, state: "succeeded" } })) >= expected,
      25_000,
    );
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });

    const runs = await db().billingRun.findMany({ where: ours, include: { attempts: true } });
    const keys = runs.map((r) => `${r.contractId}|${r.periodStartAt.toISOString()}`);
    expect(new Set(keys).size).toBe(keys.length); // none doubled
    expect(runs.length).toBe(expected); // none lost
    for (const id of ids)
      expect(
        runs
          .filter((r) => r.contractId === id)
          .map((r) => r.periodStartAt.toISOString())
          .sort(),
        `contract ${id}`,
      ).toEqual(periods);
    // charged once each
    expect(runs.filter((r) => r.state !== "succeeded" || r.attempts.length !== 1)).toEqual([]);
  }, 90_000);
});
