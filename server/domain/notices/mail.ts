// The optional e-mail sender of dunning notices: notice events in the outbox become plain-text mails
// to the customer's address. Each event is claimed (a notice_mails row) before it is sent, so two
// workers never mail it twice; a failed send is retried on later ticks, up to MAX_MAIL_ATTEMPTS. A worker
// that dies mid-send leaves its row "sending": that mail is not repeated (at most once, like a person
// would rather have it). Events older than MAIL_WINDOW_MS are never mailed, so turning the sender on
// does not mail the history.
import type { SystemCtx } from "@/server/domain/context";
import { resolveLocale } from "@/server/i18n/locales";
import { NOTICE_EVENT_TYPES, noticeMessage } from "./templates";

export interface NoticeMailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

export const MAX_MAIL_ATTEMPTS = 3;
const MAIL_WINDOW_MS = 3 * 86_400_000;

type EventRow = { id: number; account_id: number; type: string; payload: { data?: Record<string, unknown> } };

/** Sends the notice mails due; returns how many were sent. */
export async function mailNotices(ctx: SystemCtx, mailer: NoticeMailer, limit = 50): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - MAIL_WINDOW_MS);
  const events = await ctx.db.$queryRaw<EventRow[]>`
    select e.id, e.account_id, e.type, e.payload from outbox_events e
    left join notice_mails m on m.outbox_event_id = e.id
    where e.type = any(${[...NOTICE_EVENT_TYPES]}::text[])
      and (m.id is null or (m.state = 'failed' and m.attempts < ${MAX_MAIL_ATTEMPTS}))
      and (e.published_at is null or e.published_at > ${since})
    order by e.id limit ${limit}`;
  let sent = 0;
  for (const e of events) if (await mailOne(ctx, mailer, e)) sent++;
  return sent;
}

async function mailOne(ctx: SystemCtx, mailer: NoticeMailer, e: EventRow): Promise<boolean> {
  const claimed = await ctx.db.$queryRaw<{ id: number }[]>`
    insert into notice_mails (outbox_event_id, state, attempts, created_at) values (${e.id}, 'sending', 1, ${ctx.clock.now()})
    on conflict (outbox_event_id) do update set state = 'sending', attempts = notice_mails.attempts + 1
      where notice_mails.state = 'failed' and notice_mails.attempts < ${MAX_MAIL_ATTEMPTS}
    returning id`;
  if (!claimed.length) return false; // another worker has it
  const mailId = claimed[0].id;
  const data = e.payload.data ?? {};
  const customerId = Number(data.customer_id);
  const [account, customer] = await Promise.all([
    ctx.db.account.findUnique({ where: { id: e.account_id }, select: { name: true } }),
    Number.isInteger(customerId)
      ? ctx.db.customer.findFirst({
          where: { id: customerId, accountId: e.account_id },
          select: { name: true, email: true, preferredLocale: true },
        })
      : null,
  ]);
  const message = noticeMessage(
    e.type,
    data,
    { seller: account?.name ?? "", customer: customer?.name ?? null },
    resolveLocale({ preference: customer?.preferredLocale }),
  );
  if (!message || !customer?.email) {
    await ctx.db.noticeMail.update({ where: { id: mailId }, data: { state: "skipped", error: "no customer e-mail" } });
    return false;
  }
  try {
    await mailer.send({ to: customer.email, ...message });
    await ctx.db.noticeMail.update({
      where: { id: mailId },
      data: { state: "sent", recipient: customer.email, sentAt: ctx.clock.now(), error: null },
    });
    return true;
  } catch (err) {
    const error = err instanceof Error ? err.message.slice(0, 500) : "send failed";
    await ctx.db.noticeMail.update({
      where: { id: mailId },
      data: { state: "failed", recipient: customer.email, error },
    });
    ctx.log?.warn({ err, outboxEventId: e.id }, "notice e-mail failed");
    return false;
  }
}
