#!/usr/bin/env node
// `npm start`: database (yours via DATABASE_URL, or embedded PostgreSQL in .data/pg), migrations, demo
// seed on an empty database, production build, then the app on http://localhost:3000 (PORT to change).
// The billing worker (scripts/worker.ts) starts alongside. `--dev` runs `next dev` instead of building.
// Both are supervised (lib/supervise.mjs): a crash restarts them with back-off instead of ending this.
// Ctrl-C stops everything, the embedded database last (it runs outside the terminal's process group).
import { existsSync, readFileSync } from "node:fs";
import { parseTrustProxy } from "./lib/clientAddress.mjs";
import { provideDatabase } from "./lib/database.mjs";
import { exitOnStartFailure } from "./lib/pg.mjs";
import { appServerCommand, workerCommand } from "./lib/processes.mjs";
import { bin, mustRun } from "./lib/run.mjs";
import { supervise } from "./lib/supervise.mjs";

const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "3000";
// No default secrets: without NEXTAUTH_SECRET/APP_SECRET the app generates them and keeps them in the
// database (server/secrets.ts), which production against an external database must not rely on; nor may
// absolute URLs follow the request's Host header there, so production needs APP_URL (same rules as
// server/config.ts, checked again by the app at boot).
if (process.env.NODE_ENV === "production" && process.env.DATABASE_URL) {
  const problems = [];
  if (!process.env.NEXTAUTH_SECRET && !process.env.APP_SECRET)
    problems.push(
      "Refusing to start: NODE_ENV=production with an external DATABASE_URL needs NEXTAUTH_SECRET (or APP_SECRET), e.g. `openssl rand -base64 32`.",
    );
  if (!/^https?:\/\/[^/]/i.test(process.env.APP_URL ?? ""))
    problems.push(
      "Refusing to start: NODE_ENV=production with an external DATABASE_URL needs APP_URL, the service's public base URL (e.g. https://billing.example.com): absolute URLs in answers are built on it, never on the request's Host header.",
    );
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
}
// the app server refuses a TRUST_PROXY it cannot read; say so before migrating and building
try {
  parseTrustProxy(process.env.TRUST_PROXY);
} catch (e) {
  console.error(`Refusing to start: ${e.message}`);
  process.exit(1);
}
const db = await provideDatabase({ detached: true }).catch(exitOnStartFailure);
const env = {
  ...process.env,
  DATABASE_URL: db.url,
  PORT: port,
  NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://localhost:${port}`,
  // a default is not a configured public URL: absolute links then follow the request's host (server/publicUrl.ts)
  ...(process.env.NEXTAUTH_URL ? {} : { NEXTAUTH_URL_DEFAULTED: "1" }),
  EMBEDDED_DATABASE: db.embedded ? "1" : "0",
  APP_ENV: process.env.NODE_ENV ?? "development",
};
const children = [];
let stopping = false;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((c) => c.stop()));
  await db.stop();
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

try {
  console.log(`database: ${db.embedded ? `embedded PostgreSQL (${db.dataDir})` : "DATABASE_URL"}`);
  await mustRun(bin("prisma"), ["migrate", "deploy"], { env, quiet: true });
  console.log("migrations: applied");
  await mustRun(bin("tsx"), ["prisma/seed.ts"], { env });
  if (!dev && (process.env.SKIP_BUILD !== "1" || !existsSync(".next/BUILD_ID"))) {
    console.log("building (next build)...");
    await mustRun(bin("next"), ["build"], { env, quiet: true });
  }
} catch (e) {
  console.error(String(e.message ?? e));
  await shutdown(1);
}

const log = (m) => console.log(`[start] ${new Date().toISOString()} ${m}`);
// an app that fails right at its first start (port taken, broken build) ends `npm start`; later crashes restart it
const onGiveUp = (code) => {
  log(`the app failed at start (code ${code}); stopping`);
  shutdown(code || 1);
};
// the app server (Next.js behind node:http: client addresses, keep-alive; scripts/app-server.mjs)
const [appCmd, appArgs, appEnv] = appServerCommand(env, { dev });
children.push(supervise("app", appCmd, appArgs, { env: appEnv, log, giveUpOnFirstFailure: true, onGiveUp }));
// the billing worker runs alongside (NO_WORKER=1 to leave it out, e.g. when workers run elsewhere)
if (process.env.NO_WORKER !== "1") {
  const [workerCmd, workerArgs, workerEnv] = workerCommand(env);
  children.push(supervise("worker", workerCmd, workerArgs, { env: workerEnv, log }));
}

const keys = existsSync(".data/demo-keys.json") ? JSON.parse(readFileSync(".data/demo-keys.json", "utf8")) : null;
console.log(`
  App:          http://localhost:${port}
  Admin:        http://localhost:${port}/admin   ${keys ? `(${keys.admin.email} / ${keys.admin.password})` : ""}
  Read-only:    ${keys?.viewer ? `${keys.viewer.email} / ${keys.viewer.password}` : "-"}
  API:          http://localhost:${port}/api/v2/   reference: http://localhost:${port}/docs/api
  Secret key:   ${keys?.secret ?? process.env.SEED_SECRET_KEY ?? "(seeded earlier; see .data/demo-keys.json)"}
  Public key:   ${keys?.public ?? process.env.SEED_PUBLIC_KEY ?? "-"}
  Try:          curl -H "Authorization: Api-Key ${keys?.secret ?? "<secret key>"}" http://localhost:${port}/api/v2/catalog/products/
`);
