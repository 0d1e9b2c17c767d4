// The production app (`next build` first when there is none) on a free port over a given database, as
// `npm start` runs it (Next.js behind scripts/app-server.mjs), for the benchmarks that measure over HTTP.
// BENCH_URL points at a running app instead (it must use the same database); BENCH_PROFILE=<dir> writes the
// server's CPU profile there when it stops; BENCH_NODE_FLAGS adds node flags.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
// @ts-expect-error plain ESM helpers
import { freePort } from "@/scripts/lib/pg.mjs";
// @ts-expect-error plain ESM helpers
import { mustRun } from "@/scripts/lib/run.mjs";

export async function startApp(dbUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, stop: async () => {} };
  if (!existsSync(".next/BUILD_ID")) await mustRun("node_modules/.bin/next", ["build"], { quiet: true });
  const port = await freePort(3200);
  // BENCH_PROFILE=<dir> writes a V8 CPU profile of the server there when it stops.
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const flags = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const child = spawn(
    process.execPath,
    // the server npm start runs (Next.js behind scripts/app-server.mjs)
    [...profile, ...flags, "scripts/app-server.mjs"],
    // like npm start: the app server forces NODE_ENV=production, so the operator's own environment is passed as
    // APP_ENV (the start-up check refuses production against an external database without secrets and APP_URL)
    {
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        PORT: String(port),
        LOG_LEVEL: "warn",
        APP_ENV: process.env.NODE_ENV ?? "development",
      },
      stdio: "ignore",
    },
  );
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  const exited = new Promise((r) => child.once("exit", r));
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
