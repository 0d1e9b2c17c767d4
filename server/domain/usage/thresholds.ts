// usage.threshold_reached: a metered price may name usage quantities (usage_thresholds); when a contract's usage
// of the period reaches one, the event is sent once per item, period and threshold (notice_emissions keeps
// which were sent, so parallel ingestion requests cannot send it twice).
import type { Ctx } from "@/server/domain/context";
import { emitEvent } from "@/server/domain/events/outbox";
import { dec } from "@/server/domain/money";
import type { Aggregation } from "@/server/schemas/usage";
import { usageAggregates } from "./aggregate";

interface WatchedItem {
  itemId: number;
  contractId: number;
  metricId: number;
  code: string;
  aggregation: Aggregation;
  priceId: number;
  thresholds: string[];
  from: Date;
  to: Date;
}

export const THRESHOLD_EVENT = "usage.threshold_reached";

/** Sends the thresholds that the usage of these contracts' metrics reached by now (after an ingestion). */
export async function sendReachedThresholds(ctx: Ctx, pairs: { contractId: number; metricId: number }[]) {
  if (!pairs.length) return;
  const now = ctx.clock.now();
  const watched = await ctx.db.$queryRaw<WatchedItem[]>`
    select i.id as "itemId", i.contract_id as "contractId", p.metric_id as "metricId", m.code, m.aggregation,
           p.id as "priceId", p.usage_thresholds as thresholds,
           greatest(i.period_start_at, coalesce(i.start_at, i.period_start_at), coalesce(c.trial_end_at, i.period_start_at)) as "from",
           least(i.period_end_at, coalesce(i.end_at, i.period_end_at)) as "to"
    from contract_items i
    join catalog_prices p on p.id = i.price_id
    join billable_metrics m on m.id = p.metric_id
    join subscription_contracts c on c.id = i.contract_id
    where c.account_id = ${ctx.accountId} and p.usage_type = 'metered' and p.usage_thresholds <> '[]'::jsonb
      and (i.contract_id, p.metric_id) in (select * from unnest(${pairs.map((p) => p.contractId)}::int[], ${pairs.map((p) => p.metricId)}::int[]))
      and i.period_start_at is not null`;
  const live = watched.filter((w) => w.from < w.to);
  if (!live.length) return;
  const read = await usageAggregates(
    ctx,
    live.map((w) => ({
      key: String(w.itemId),
      contractId: w.contractId,
      metricId: w.metricId,
      aggregation: w.aggregation,
      from: w.from,
      to: now < w.to ? now : w.to,
    })),
  );
  for (const w of live) {
    const quantity = read.get(String(w.itemId))?.value;
    if (!quantity) continue;
    for (const threshold of w.thresholds.filter((t) => quantity.gte(dec(t)))) {
      const subject = `item_${w.itemId}:${w.from.toISOString()}:${threshold}`;
      await ctx.db.$transaction(async (tx) => {
        const claimed = await tx.$executeRaw`
          insert into notice_emissions (account_id, kind, subject_key) values (${ctx.accountId}, ${THRESHOLD_EVENT}, ${subject})
          on conflict do nothing`;
        if (!claimed) return;
        await emitEvent(
          tx,
          ctx.accountId,
          THRESHOLD_EVENT,
          {
            contract_id: w.contractId,
            contract_item_id: w.itemId,
            price_id: w.priceId,
            billable_metric_id: w.metricId,
            billable_metric_code: w.code,
            threshold,
            quantity: quantity.toFixed(),
            period_start_at: w.from.toISOString(),
            period_end_at: w.to.toISOString(),
          },
          now,
        );
      });
    }
  }
}
