// Workers started together on a fresh database: pg-boss's queue creation may be a deadlock's victim in one of
// them (e2e/multi-process.spec.ts saw it with three); the worker tries that step again instead of exiting.
import { describe, expect, it } from "vitest";
import { retryOnDeadlock, setUpQueues } from "@/server/worker/queueSetup";

const deadlock = () => Object.assign(new Error("deadlock detected"), { code: "40P01" });

describe("the worker's queue set-up", () => {
  it("tries a step again when it was a deadlock's victim", async () => {
    let calls = 0;
    const made = await retryOnDeadlock(async () => {
      calls++;
      if (calls < 3) throw deadlock();
      return "queue";
    });
    expect([made, calls]).toEqual(["queue", 3]);
  });

  it("passes any other error on at once, and a deadlock after the last attempt", async () => {
    let calls = 0;
    const refused = Object.assign(new Error("permission denied"), { code: "42501" });
    await expect(retryOnDeadlock(() => (calls++, Promise.reject(refused)))).rejects.toBe(refused);
    expect(calls).toBe(1);
    await expect(retryOnDeadlock(() => Promise.reject(deadlock()), 2)).rejects.toMatchObject({ code: "40P01" });
  });

  it("makes every queue and schedule, the ones that deadlocked included", async () => {
    const done: string[] = [];
    let failed = false;
    const boss = {
      createQueue: async (name: string) => {
        if (name === "b" && !failed) {
          failed = true;
          throw deadlock();
        }
        done.push(`queue ${name}`);
      },
      schedule: async (name: string, cron: string) => {
        done.push(`schedule ${name} ${cron}`);
      },
    };
    await setUpQueues(boss, ["a", "b"], [["a", "* * * * *"]]);
    expect(done).toEqual(["queue a", "queue b", "schedule a * * * * *"]);
  });
});
