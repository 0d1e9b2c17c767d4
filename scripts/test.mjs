#!/usr/bin/env node
import { spawn } from "node:child_process";
// `npm test`: Biome's format and lint check, then every suite against a real PostgreSQL, then one line
// "N passed, M failed". Biome comes first as two counts (scripts/lib/importGraph.mjs): `biome ci` (formatting,
// lint, the layer rules of biome.json) and the import-cycle check, which prints each cycle.
//  1. an embedded PostgreSQL in a temp dir (or the server in TEST_DATABASE_URL);
//  2. the committed migrations applied to a fresh template database (proves they apply from scratch);
//  3. vitest: unit and integration tests, one database per test file cloned from the template;
//  4. Playwright in Debian's Chromium against the production build on a seeded database, served by the app
//     server `npm start` runs (scripts/app-server.mjs).
// Flags: --only unit|e2e, --skip-build (reuse .next); other args go to vitest (or, with --only e2e, to Playwright).
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { biomeCi, checkImportCycles } from "./lib/importGraph.mjs";
import { ensureDatabase, exitOnStartFailure, freePort, startEmbeddedPostgres } from "./lib/pg.mjs";
import { appServerCommand } from "./lib/processes.mjs";
import { bin, mustRun, run } from "./lib/run.mjs";

const argv = process.argv.slice(2);
const only = argv.includes("--only") ? argv[argv.indexOf("--only") + 1] : null;
const skipBuild = argv.includes("--skip-build") || process.env.SKIP_BUILD === "1";
const passThrough = argv.filter((a, i) => !a.startsWith("--") && argv[i - 1] !== "--only");
const totals = { passed: 0, failed: 0, skipped: 0 };
const tmp = mkdtempSync(path.join(os.tmpdir(), "sc-test-"));
chmodSync(tmp, 0o755); // the embedded server runs as the postgres user when we are root

let server = null;
let adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  server = await startEmbeddedPostgres({ dir: path.join(tmp, "pg"), fast: true }).catch((e) => {
    rmSync(tmp, { recursive: true, force: true });
    exitOnStartFailure(e);
  });
  adminUrl = server.adminUrl;
}
const urlFor = (db) => {
  const u = new URL(adminUrl);
  u.pathname = `/${db}`;
  return u.toString();
};
const template = `sc_template_${process.pid}`;

async function cleanup(code) {
  await server?.stop().catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
  process.exit(code);
}
process.on("SIGINT", () => cleanup(130));

try {
  // formatting, lint and layer rules (Biome, biome.json) first, then import cycles: each fails the run
  if (only !== "e2e") {
    if ((await biomeCi()).code === 0) totals.passed += 1;
    else {
      totals.failed += 1;
      console.error("biome ci failed: run `npm run format` and fix the lint messages above");
    }
    if ((await checkImportCycles()).code === 0) totals.passed += 1;
    else {
      totals.failed += 1;
      console.error("import cycles (above): break each one; see docs/architecture.md, Layers");
    }
  }
  await ensureDatabase(adminUrl, template);
  await mustRun(bin("prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: urlFor(template) },
    quiet: true,
  });
  console.log(`migrations applied to ${template}`);

  if (only !== "e2e") {
    const report = path.join(tmp, "vitest.json");
    const { code } = await run(
      bin("vitest"),
      ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...passThrough],
      {
        env: { ...process.env, TEST_PG_ADMIN_URL: adminUrl, TEST_DB_TEMPLATE: template },
      },
    );
    if (existsSync(report)) {
      const r = JSON.parse(readFileSync(report, "utf8"));
      totals.passed += r.numPassedTests;
      totals.failed += r.numFailedTests;
      totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
      // a file that failed to load has no test results: count it as a failure
      totals.failed += (r.testResults ?? []).filter(
        (f) => f.status === "failed" && !(f.assertionResults ?? []).length,
      ).length;
    } else if (code !== 0) totals.failed += 1;
  }

  if (only !== "unit") {
    const e2eDb = `sc_e2e_${process.pid}`;
    await ensureDatabase(adminUrl, e2eDb, template);
    const env = {
      ...process.env,
      DATABASE_URL: urlFor(e2eDb),
      NEXTAUTH_SECRET: "e2e-secret",
      SEED_SECRET_KEY: "sk_test_e2e_secret",
      SEED_PUBLIC_KEY: "pk_test_e2e_public",
      SEED_OTHER_SECRET_KEY: "sk_test_e2e_other",
      SEED_KEYS_FILE: "none",
      LOG_LEVEL: "warn",
      // not production (`next start` forces NODE_ENV=production; the environment is passed as APP_ENV, as npm
      // start does), so the webhook journey may deliver to its loopback receiver
      APP_ENV: "test",
      WEBHOOKS_ALLOW_LOOPBACK: "1",
      // Playwright (on loopback) stands for a proxy: specs give themselves client addresses of their own through
      // X-Forwarded-For, so one spec's sign-in failures do not throttle another's
      TRUST_PROXY: "loopback",
    };
    await mustRun(bin("tsx"), ["prisma/seed.ts"], { env, quiet: true });
    if (!skipBuild || !existsSync(".next/BUILD_ID")) {
      console.log("next build...");
      await mustRun(bin("next"), ["build"], { env, quiet: true });
    }
    // the port is picked after the build (minutes in which another run may take a port checked free before)
    const port = await freePort(3100);
    Object.assign(env, {
      PORT: String(port),
      NEXTAUTH_URL: `http://localhost:${port}`,
      E2E_BASE_URL: `http://localhost:${port}`,
    });
    const [appCmd, appArgs, appEnv] = appServerCommand(env);
    const app = spawn(appCmd, appArgs, { env: appEnv, stdio: ["ignore", "ignore", "inherit"] });
    try {
      // an app that cannot start (port taken meanwhile) must fail the run, not leave the tests to another server
      const exited = new Promise((_, reject) =>
        app.once("exit", (code) => reject(new Error(`the app server exited (${code}) before it was ready`))),
      );
      exited.catch(() => {});
      await Promise.race([waitFor(`http://localhost:${port}/api/health`, 60_000), exited]);
      const report = path.join(tmp, "playwright.json");
      await run(bin("playwright"), ["test", ...(only === "e2e" ? passThrough : [])], {
        env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      });
      if (existsSync(report)) {
        const s = JSON.parse(readFileSync(report, "utf8")).stats;
        totals.passed += s.expected + (s.flaky ?? 0);
        totals.failed += s.unexpected;
        totals.skipped += s.skipped;
      } else totals.failed += 1;
    } finally {
      app.kill("SIGTERM");
    }
  }
} catch (e) {
  console.error(e);
  totals.failed += 1;
}

// the last line is exactly "N passed, M failed" (CI reads it); skips are reported just before it
if (totals.skipped) console.log(`\n${totals.skipped} skipped`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
await cleanup(totals.failed ? 1 : 0);

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`app did not become healthy at ${url}`);
}
