// Runs the guides' samples (docs/samples/*) against the app in-process: the SDK's global fetch goes
// through the route files (tests/helpers.ts inProcessFetch), with the demo account's secret key.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { vi } from "vitest";
import { BASE, inProcessFetch } from "@/tests/helpers";

export const DEMO_KEY = "sk_test_demo_secret";
let runs = 0;

/** Imports a sample module as an integrator would run it (API_BASE_URL, API_KEY) and returns its exports. */
export async function runSample<Exports>(name: string, env: Record<string, string> = {}): Promise<Exports> {
  vi.stubEnv("API_BASE_URL", BASE);
  vi.stubEnv("API_KEY", DEMO_KEY);
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  vi.stubGlobal("fetch", inProcessFetch);
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  try {
    // a fresh module per run: a sample's top-level code is the program
    const file = pathToFileURL(path.resolve("docs/samples", `${name}.ts`)).href;
    return (await import(/* @vite-ignore */ `${file}?run=${++runs}`)) as Exports;
  } finally {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  }
}
