// The supervisor of `npm start` (scripts/lib/supervise.mjs): a child that crashes is started again after
// 1 s, then 2 s (back-off), and a stop ends it for good; a child failing right at its first start is
// handed to onGiveUp instead of being restarted forever.
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper
import { supervise } from "@/scripts/lib/supervise.mjs";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
});
