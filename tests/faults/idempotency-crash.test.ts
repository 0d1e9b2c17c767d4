// An app killed mid-creation must not break Idempotency-Key (a retry must name the one contract made): 24 clients create
// contracts with keys of their own against the API in a process of its own (_app.ts), the process is
// SIGKILLed while the creations are under way, a new one is started, and every client retries its key.
// Each key ends with exactly one contract, which its retry (and any answer before the kill) names, and
// the retries are answered at once: no 409 while a dead request's claim waits out a lease.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { db, seed } from "@/tests/helpers";

const CLIENTS = 24;
/** The retries' answers may take this long after the new process is up (they all run at once on 2 cores). */
const ANSWERED_WITHIN_MS = 15_000;
const TSX = path.resolve("node_modules/.bin/tsx");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface App {
  child: ChildProcess;
  base: string;
  exited: Promise<NodeJS.Signals | null>;
  /** Signals the whole process group: tsx runs the script in a child node process of its own. */
  kill(signal: NodeJS.Signals): void;
}
const apps: App[] = [];

async function startApp(): Promise<App> {
  const child = spawn(TSX, [path.resolve("tests/faults/_app.ts")], {
    env: { ...process.env, DB_POOL_SIZE: "10", LOG_LEVEL: "silent", NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group is gone already
    }
  };
  const exited = new Promise<NodeJS.Signals | null>((r) => child.once("exit", (_code, signal) => r(signal)));
  let out = "";
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    exited.then(() => reject(new Error(`the app exited before listening: ${err}`)));
  });
  const app = { child, base: `http://127.0.0.1:${port}/api`, exited, kill };
  apps.push(app);
  return app;
}

let seeded: SeedResult;
beforeAll(async () => {
  seeded = await seed();
});
afterAll(() => {
  for (const app of apps) app.kill("SIGKILL");
});

interface Answer {
  status: number;
  body: any;
  replayed: boolean;
}

async function createWithKey(app: App, key: string, run: string): Promise<Answer> {
  const res = await fetch(`${app.base}/v2/subscription-contracts/`, {
    method: "POST",
    headers: {
      authorization: `Api-Key ${seeded.keys.secret}`,
      "content-type": "application/json",
      "idempotency-key": key,
    },
    body: JSON.stringify({
      customer_reference: "cust-1001",
      items: [{ price: seeded.ids.basicMonthly }],
      initial_billing_mode: "create_initial_run",
      metadata: { crash_run: run, crash_key: key },
    }),
  });
  return { status: res.status, body: await res.json(), replayed: res.headers.get("idempotent-replayed") === "true" };
}

/** A client retrying its key after its request broke: until an answer other than 409/503 or the deadline. */
async function retryUntilAnswered(app: App, key: string, run: string, deadline: number) {
  const seen: number[] = [];
  for (;;) {
    const answer = await createWithKey(app, key, run).catch(() => null);
    seen.push(answer?.status ?? 0);
    if ((answer && answer.status !== 409 && answer.status !== 503) || Date.now() > deadline)
      return { answer, seen, at: Date.now() };
    await sleep(250);
  }
}

const contractsOfRun = (run: string) =>
  db().$queryRaw<{ id: number; key: string }[]>`
    select id, metadata->>'crash_key' as key from subscription_contracts where metadata->>'crash_run' = ${run}`;

describe("Idempotency-Key across an app crash", () => {
  it(`${CLIENTS} keyed creations, the app SIGKILLed mid-way, every key retried: one contract per key, answered at once`, async () => {
    const run = `run-${Date.now()}`;
    const keys = Array.from({ length: CLIENTS }, (_, i) => `${run}-key-${i}`);
    const first = await startApp();
    // warm up the process (database pools, caches) so the kill lands among the creations, not at start-up
    expect((await createWithKey(first, `${run}-warm-up`, `${run}-warm-up`)).status).toBe(201);

    const before = new Map<string, Answer>();
    const inFlight = keys.map((key) =>
      createWithKey(first, key, run).then(
        (a) => void before.set(key, a),
        () => {}, // the connection died with the app
      ),
    );
    // kill once a third of the contracts are in (many more are being created at that moment)
    const t0 = Date.now();
    while ((await contractsOfRun(run)).length < CLIENTS / 3 && Date.now() - t0 < 30_000) await sleep(5);
    first.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    await Promise.all(inFlight);
    await sleep(200); // the database ends the dead process's sessions (and rolls their transactions back)
    const atKill = await contractsOfRun(run);
    const pendingAtKill = await db().idempotencyRecord.count({
      where: { accountId: seeded.accountId, key: { in: keys }, state: "pending" },
    });
    console.log(
      `killed after ${Date.now() - t0} ms: ${atKill.length} contracts committed, ${before.size} answered, ${pendingAtKill} keys pending`,
    );
    // the kill came mid-way: some creations had committed, others had not, some keys were claimed and pending
    expect(atKill.length).toBeGreaterThan(0);
    expect(atKill.length).toBeLessThan(CLIENTS);
    expect(pendingAtKill).toBeGreaterThan(0);

    const second = await startApp();
    const started = Date.now();
    const retries = await Promise.all(
      keys.map((key) => retryUntilAnswered(second, key, run, started + ANSWERED_WITHIN_MS + 10_000)),
    );
    const slowest = Math.max(...retries.map((r) => r.at - started));
    console.log(
      `retries answered within ${slowest} ms; replayed ${retries.filter((r) => r.answer?.replayed).length}, executed ${retries.filter((r) => r.answer && !r.answer.replayed).length}`,
    );

    // every retry is answered with its contract (201), at once: no 409 from a dead request's claim
    expect(retries.map((r) => r.answer?.status)).toEqual(keys.map(() => 201));
    expect(retries.flatMap((r) => r.seen.filter((s) => s !== 201))).toEqual([]);
    expect(slowest).toBeLessThan(ANSWERED_WITHIN_MS);

    // exactly one contract per key, the one every answer for that key names
    const contracts = await contractsOfRun(run);
    const byKey = new Map<string, number[]>();
    for (const c of contracts) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c.id]);
    expect(keys.filter((k) => byKey.get(k)?.length !== 1)).toEqual([]);
    expect(contracts.length).toBe(CLIENTS);
    keys.forEach((key, i) => {
      const id = byKey.get(key)![0];
      expect(retries[i].answer!.body.id, key).toBe(id);
      if (before.has(key)) {
        expect(before.get(key)!.body.id, key).toBe(id);
        expect(retries[i].answer!.replayed, key).toBe(true);
      }
    });
    // contracts committed before the kill are replayed, never created again
    for (const c of atKill) expect(retries[keys.indexOf(c.key)].answer!.replayed, c.key).toBe(true);
    // each key's record names its contract
    const records = await db().idempotencyRecord.findMany({
      where: { accountId: seeded.accountId, key: { in: keys } },
    });
    expect(records.map((r) => [r.key, r.state, r.resourceId]).sort()).toEqual(
      keys.map((k) => [k, "done", byKey.get(k)![0]]).sort(),
    );
  }, 120_000);
});
