// What the worker does on each tick, independent of the job queue: find accounts with due work, bill
// chunks of due contracts, publish and deliver webhooks. Safe to run in several processes at once.
import { type Clock, systemClock } from "@/server/clock";
import type { Db } from "@/server/db";
import { accountCtx } from "@/server/domain/accountContext";
import { calendarPass } from "@/server/domain/billing/calendarPass";
import { type DueSummary, dueContractIds } from "@/server/domain/billing/due";
import { billDueInTimeOrder } from "@/server/domain/billing/timeOrder";
import type { SystemCtx } from "@/server/domain/context";
import { mailNotices } from "@/server/domain/notices/mail";
import { fanOut } from "@/server/domain/webhooks/deliver";
import {
  DeliveryDispatcher,
  type DeliveryOptionsInput,
  deliverDue,
  deliveryOptions,
} from "@/server/domain/webhooks/dispatch";
import { log } from "@/server/log";
import { noticeMailerFromConfig } from "@/server/mail";

/** Chunks of due contract ids per account (each chunk is one job). */
export async function dueChunks(
  db: Db,
  chunkSize = 200,
  base: Clock = systemClock,
  limit = 10_000,
): Promise<{ accountId: number; ids: number[] }[]> {
  const accounts = await db.account.findMany({ select: { id: true } });
  const chunks: { accountId: number; ids: number[] }[] = [];
  for (const a of accounts) {
    const ctx = await accountCtx(db, a.id, base);
    const ids = await dueContractIds(ctx, ctx.clock.now(), limit);
    for (let i = 0; i < ids.length; i += chunkSize) chunks.push({ accountId: a.id, ids: ids.slice(i, i + chunkSize) });
  }
  return chunks;
}

export async function billChunk(
  db: Db,
  chunk: { accountId: number; ids: number[] },
  base: Clock = systemClock,
): Promise<DueSummary> {
  const ctx = await accountCtx(db, chunk.accountId, base);
  const summary: DueSummary = { contracts: 0, runsCreated: 0, runsExecuted: 0, changes: 0 };
  // the chunk's due work in time order with the rest of the account (several chunks and processes move
  // through its instants in step): plain regular runs in bulk, everything else through the exact
  // per-contract path; a contract that fails is logged and retried on the next tick
  await billDueInTimeOrder(ctx, ctx.clock.now(), summary, { among: chunk.ids, bulk: true, tolerant: true });
  return summary;
}

/** Everything due now, in this process (the CLI's `bill-due` and the tests use it directly). */
export async function runDueNow(db: Db, base: Clock = systemClock): Promise<DueSummary> {
  const total: DueSummary = { contracts: 0, runsCreated: 0, runsExecuted: 0, changes: 0 };
  for (const chunk of await dueChunks(db, 200, base)) {
    const s = await billChunk(db, chunk, base);
    for (const k of Object.keys(total) as (keyof DueSummary)[]) total[k] += s[k];
  }
  await calendarTick(db, base);
  return total;
}

/** The calendar's work of every account, each at its own clock: notices (expiring cards, upcoming renewals) and unpaid checkouts closed. */
export async function calendarTick(db: Db, base: Clock = systemClock): Promise<void> {
  for (const a of await db.account.findMany({ select: { id: true } })) {
    try {
      await calendarPass(await accountCtx(db, a.id, base));
    } catch (e) {
      log.error({ err: e, accountId: a.id }, "the calendar pass failed; retried on the next tick");
    }
  }
}

/** E-mails notice events when an SMTP sender is configured (SMTP_URL and NOTICES_FROM); else nothing. */
export async function noticeMailTick(db: Db): Promise<void> {
  const mailer = noticeMailerFromConfig();
  if (mailer) await mailNotices(deliveryCtx(db), mailer);
}

/** Webhook delivery is across accounts and on real time (never an account's test clock). */
const deliveryCtx = (db: Db): SystemCtx => ({ db, clock: systemClock, log });

/** Publishes the outbox and delivers everything due, waiting for it (the CLI). */
export async function webhooksTick(db: Db) {
  const ctx = deliveryCtx(db);
  await fanOut(ctx);
  return deliverDue(ctx);
}

/**
 * The worker's delivery: one dispatcher for the process; each tick publishes the outbox and claims what
 * has room without waiting for the attempts, so a slow endpoint never holds up the next tick.
 */
export function webhookPump(db: Db, options: DeliveryOptionsInput = {}): () => Promise<void> {
  const ctx = deliveryCtx(db);
  const dispatcher = new DeliveryDispatcher(ctx, deliveryOptions(options));
  return async () => {
    await fanOut(ctx);
    await dispatcher.pump();
  };
}
