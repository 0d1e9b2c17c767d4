import { defineConfig } from "@playwright/test";

// Runs in Debian's Chromium (never a downloaded browser) against the app started by scripts/test.mjs.
export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  workers: 1,
  // one retry: a test that passes only on its retry is reported as flaky in the JSON report (and in the run's
  // list output), so an intermittent failure stays visible instead of turning the whole run red
  retries: 1,
  reporter: [["list"], ["json"]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://localhost:3000",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
});
