// The deployment layout of docs/deployment.md on one machine, for the multi-process spec: a database of its own
// (migrated and seeded as the e2e runner does), N app servers and M billing workers started with the exact
// commands `npm start` supervises (scripts/lib/processes.mjs), each in a process group of its own.
import { type ChildProcess, spawn } from "node:child_process";
import pg from "pg";
// @ts-expect-error plain ESM helper
import { freePort } from "@/scripts/lib/pg.mjs";
// @ts-expect-error plain ESM helper
import { appServerCommand, workerCommand } from "@/scripts/lib/processes.mjs";
// @ts-expect-error plain ESM helper
import { bin, mustRun } from "@/scripts/lib/run.mjs";

type Env = NodeJS.ProcessEnv;

export interface Cluster {
  databaseUrl: string;
  /** base URLs of the app servers, http://127.0.0.1:<port> */
  apps: string[];
  /** what a process printed last, for a failure's message */
  output: (i: number) => string;
  stop: () => Promise<void>;
}

const databaseUrlFor = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Starts a child in a process group of its own, keeping the tail of what it prints. */
function startChild([cmd, args, env]: [string, string[], Env]) {
  const child = spawn(cmd, args, { env, cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"], detached: true });
  let tail = "";
  const keep = (d: Buffer) => {
    tail = (tail + d).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, tail: () => tail };
}

const running = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

async function until(what: string, check: () => Promise<boolean> | boolean, ms: number, dead: () => string | null) {
  const end = Date.now() + ms;
  while (!(await check())) {
    const died = dead();
    if (died) throw new Error(`${what}: ${died}`);
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A database of its own, cloned from nothing: `prisma migrate deploy` and the seed, as scripts/test.mjs prepares
 * the e2e database, so this spec may move its account's clock a year without touching the shared one.
 */
async function freshDatabase(baseEnv: Env): Promise<{ url: string; drop: () => Promise<void> }> {
  const shared = baseEnv.DATABASE_URL;
  if (!shared) throw new Error("DATABASE_URL is not set (run through scripts/test.mjs)");
  const name = `sc_multiproc_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrlFor(shared, "postgres") });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = databaseUrlFor(shared, name);
  const env = { ...baseEnv, DATABASE_URL: url };
  await mustRun(bin("prisma"), ["migrate", "deploy"], { env, quiet: true });
  await mustRun(bin("tsx"), ["prisma/seed.ts"], { env, quiet: true });
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: databaseUrlFor(shared, "postgres") });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Starts `apps` app servers and `workers` workers on a fresh database; resolves once all are ready. */
export async function startCluster({ apps, workers }: { apps: number; workers: number }): Promise<Cluster> {
  const base: Env = {
    ...process.env,
    // small pools: five processes share the test PostgreSQL with the e2e server and other runs
    DB_POOL_SIZE: "4",
    DB_FAST_POOL_SIZE: "2",
    // a billing tick every second, so the workers settle a month's work in a few seconds
    TICK_SECONDS: "1",
    LOG_LEVEL: "info",
  };
  const db = await freshDatabase(base);
  const children: ReturnType<typeof startChild>[] = [];
  const stop = async () => {
    for (const c of children) if (running(c.child)) process.kill(-c.child.pid!, "SIGTERM");
    const end = Date.now() + 15_000;
    while (children.some((c) => running(c.child)) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    for (const c of children) if (running(c.child)) process.kill(-c.child.pid!, "SIGKILL");
    await db.drop().catch((e) => console.error("dropping the multi-process database failed", e));
  };
  try {
    const urls: string[] = [];
    let preferred = 3300;
    for (let i = 0; i < apps; i++) {
      const port: number = await freePort(preferred);
      preferred = port + 1;
      const url = `http://127.0.0.1:${port}`;
      const env = { ...base, DATABASE_URL: db.url, PORT: String(port), NEXTAUTH_URL: url, E2E_BASE_URL: url };
      children.push(startChild(appServerCommand(env)));
      urls.push(url);
    }
    for (let i = 0; i < workers; i++) children.push(startChild(workerCommand({ ...base, DATABASE_URL: db.url })));
    const dead = () => {
      const c = children.find((x) => !running(x.child));
      return c ? `a process exited (${c.child.exitCode ?? c.child.signalCode}):\n${c.tail()}` : null;
    };
    for (const url of urls) {
      const healthy = () =>
        fetch(`${url}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
      await until(`the app at ${url}`, healthy, 120_000, dead);
    }
    for (const w of children.slice(apps))
      await until("a worker", () => w.tail().includes("worker started"), 60_000, dead);
    return { databaseUrl: db.url, apps: urls, output: (i) => children[i]?.tail() ?? "", stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
