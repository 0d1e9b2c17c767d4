// Child worker processes for the concurrency and crash tests (tsx running tests/billing/_run-due.ts with
// this test file's DATABASE_URL).
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import type { DueSummary } from "@/server/domain/billing/due";

const TSX = path.resolve("node_modules/.bin/tsx");
const SCRIPT = path.resolve("tests/billing/_run-due.ts");

export interface Worker {
  child: ChildProcess;
  started: Promise<void>;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; summary: DueSummary | null; stderr: string }>;
  /** Signals the whole process group: tsx runs the script in a child node process of its own. */
  kill(signal?: NodeJS.Signals): void;
}

/** Starts `runDueNow(db, fixedClock(baseIso))` in a child process (its own process group). */
export function startWorker(baseIso: string, env: Record<string, string> = {}): Worker {
  const child = spawn(TSX, [SCRIPT, baseIso], {
    env: { ...process.env, LOG_LEVEL: "silent", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "",
    err = "";
  let markStarted: () => void;
  const started = new Promise<void>((r) => (markStarted = r));
  child.stdout!.on("data", (d) => {
    out += d;
    if (out.includes("started\n")) markStarted();
  });
  child.stderr!.on("data", (d) => (err += d));
  const done = new Promise<Awaited<Worker["done"]>>((resolve) => {
    child.on("exit", (code, signal) => {
      markStarted();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      resolve({ code, signal, summary: line ? JSON.parse(line) : null, stderr: err });
    });
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  const kill = (signal: NodeJS.Signals = "SIGKILL") => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group is gone already
    }
  };
  // never leave a worker behind when this test process ends
  process.once("exit", () => {
    if (!exited) kill("SIGKILL");
  });
  return { child, started, done, kill };
}
