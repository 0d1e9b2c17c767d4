// The worker's queues and schedules, made at start by every worker process. pg-boss's `createQueue` is not safe
// for several processes at once on a database that does not have the queue yet: one inserts the queue row and
// adds its partition's foreign key to that table while another waits on the same row, and PostgreSQL ends one
// of them as a deadlock (three workers started together did; the loser exited). The victim's transaction is
// rolled back and both calls are upserts, so trying again is safe; the second try finds the queue made.
import type PgBoss from "pg-boss";

const DEADLOCK = "40P01";

const isDeadlock = (e: unknown) => (e as { code?: unknown } | null)?.code === DEADLOCK;

/** Runs `step`, again (up to `attempts` in all) when PostgreSQL chose it as a deadlock's victim. */
export async function retryOnDeadlock<T>(step: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await step();
    } catch (e) {
      if (!isDeadlock(e) || i >= attempts) throw e;
      // a random pause, so the processes that collided do not collide again at once
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80 * i));
    }
  }
}

/** Creates the queues and schedules the cron jobs; several workers may run it at once. */
export async function setUpQueues(
  boss: Pick<PgBoss, "createQueue" | "schedule">,
  queues: string[],
  schedules: [name: string, cron: string][],
): Promise<void> {
  for (const q of queues) await retryOnDeadlock(() => boss.createQueue(q));
  for (const [name, cron] of schedules) await retryOnDeadlock(() => boss.schedule(name, cron));
}
