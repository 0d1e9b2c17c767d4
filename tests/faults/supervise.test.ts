// The supervisor of `npm start` (scripts/lib/supervise.mjs): a child that crashes is started again after
// 1 s, then 2 s (back-off), and a stop ends it for good; a child failing right at its first start is
// handed to onGiveUp instead of being restarted forever. Each child is a process group that ends as a whole:
// SIGKILL of the direct child leaves nothing it started running (no orphan holding the port or the queue), and the billing worker
// is started without a wrapper at all.
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper
import { workerCommand } from "@/scripts/lib/processes.mjs";
// @ts-expect-error plain ESM helper
import { supervise } from "@/scripts/lib/supervise.mjs";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Running (or sleeping), not gone and not a zombie waiting for a parent to reap it. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
/** The processes of a process group that are still alive. */
function groupMembers(pgid: number): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return Number(fields[2]) === pgid && fields[0] !== "Z";
      } catch {
        return false;
      }
    })
    .map(Number);
}
type Supervised = { stop(graceMs?: number): Promise<void>; pid(): number | undefined; restarts(): number };
// a failing test must not leave its children running (they are process groups of their own)
const running: Supervised[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop(2_000);
});
const track = (s: Supervised) => (running.push(s), s);

async function until(what: string, ms: number, ok: () => boolean) {
  for (const end = Date.now() + ms; !ok(); await sleep(50)) if (Date.now() > end) throw new Error(`timed out: ${what}`);
}

describe("supervise", () => {
  it("restarts a crashing child with growing delays, and stop() ends it", async () => {
    const starts: number[] = [];
    const lines: string[] = [];
    const s = supervise(
      "crasher",
      process.execPath,
      ["-e", "console.log('up'); setTimeout(() => process.exit(3), 100)"],
      {
        output: (t: string) => {
          if (t.includes("up")) starts.push(Date.now());
        },
        log: (m: string) => lines.push(m),
      },
    );
    // wait for the third start (t≈0, ≈1.1 s, ≈3.2 s on an idle machine; later under load), then stop
    for (let waited = 0; starts.length < 3 && waited < 25_000; waited += 50) await sleep(50);
    await s.stop();
    const count = starts.length;
    await sleep(1_500);
    expect(starts.length).toBe(count); // nothing restarted after stop()
    expect(count).toBe(3);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]);
    expect(gaps[0]).toBeGreaterThanOrEqual(1_000);
    expect(gaps[1]).toBeGreaterThanOrEqual(2_000);
    expect(lines[0]).toMatch(/crasher exited unexpectedly \(code 3\) after \d+ s; restarting in 1 s/);
    expect(lines[1]).toMatch(/restarting in 2 s/);
    expect([2, 3]).toContain(s.restarts()); // the third run may have crashed (a 4 s restart scheduled) before stop()
  }, 40_000);

  it("a child that fails at its first start is given up (npm start then ends) rather than restarted", async () => {
    let gaveUp: number | null = null;
    const s = supervise("app", process.execPath, ["-e", "process.exit(7)"], {
      giveUpOnFirstFailure: true,
      onGiveUp: (c: number) => (gaveUp = c),
      log: () => {},
    });
    for (let waited = 0; gaveUp === null && waited < 15_000; waited += 50) await sleep(50);
    expect(gaveUp).toBe(7);
    expect(s.restarts()).toBe(0);
    await s.stop();
  }, 30_000);

  it("SIGKILL of the direct child (a wrapper) ends what it started too, and the run is restarted", async () => {
    const out: string[] = [];
    // a wrapper in the manner of tsx's CLI: it starts the real process and waits for it
    const wrapper = `
      const { spawn } = require("node:child_process");
      const real = spawn(process.execPath, ["-e", "console.log('real ' + process.pid); setInterval(() => {}, 1000)"], { stdio: "inherit" });
      setInterval(() => {}, 1000);`;
    const s = track(
      supervise("worker", process.execPath, ["-e", wrapper], { output: (t: string) => out.push(t), log: () => {} }),
    );
    const realPids = () => [...out.join("").matchAll(/real (\d+)/g)].map((m) => Number(m[1]));
    await until("the real process", 20_000, () => realPids().length === 1);
    const [wrapperPid, realPid] = [s.pid() as number, realPids()[0]];
    process.kill(wrapperPid, "SIGKILL");
    await until("the real process to end with its wrapper", 5_000, () => !alive(realPid));
    expect(groupMembers(wrapperPid)).toEqual([]);
    // restarted after its back-off, as one new group
    await until("a restart", 20_000, () => realPids().length === 2);
    expect(s.restarts()).toBe(1);
    const newRealPid = realPids()[1];
    await s.stop();
    await until("stop() to end the new group", 5_000, () => !alive(newRealPid));
  }, 60_000);

  it("the billing worker has no wrapper: SIGKILL of the supervised process leaves no worker behind", async () => {
    const [cmd, args, env] = workerCommand({ ...process.env, LOG_LEVEL: "info", TICK_SECONDS: "1" });
    expect(cmd).toBe(process.execPath);
    expect(args).toEqual(["--import", "tsx", "scripts/worker.ts"]);
    const out: string[] = [];
    const s = track(supervise("worker", cmd, args, { env, output: (t: string) => out.push(t), log: () => {} }));
    await until("the worker to start", 40_000, () => /worker started/.test(out.join("")));
    const pid = s.pid() as number;
    // one process: the worker itself
    expect(groupMembers(pid)).toEqual([pid]);
    process.kill(pid, "SIGKILL");
    await until("the worker's group to be empty", 5_000, () => groupMembers(pid).length === 0);
    await until("the restarted worker", 40_000, () => (out.join("").match(/worker started/g) ?? []).length === 2);
    const again = s.pid() as number;
    expect(again).not.toBe(pid);
    await s.stop();
    await until("stop() to end the worker", 10_000, () => groupMembers(again).length === 0);
  }, 120_000);
});
