// Bulk SQL seed of bench:admin: one account with n contracts created over two years (EUR and USD; mostly
// active, some paused, canceled or ended; some needing billing attention), one or two items each (some
// upgraded or downgraded later: an item ended and another started, for the analytics' movements), and a
// monthly billing run with one payment attempt for each month of the last year the contract lived.
import type pg from "pg";

export async function seedAdminVolume(c: pg.Client, n: number) {
  const q = async (sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows;
  const [{ id: accountId }] = await q(
    `insert into accounts (name, mode, updated_at) values ('Bench console', 'live', now()) returning id`,
  );
  await q(
    `insert into users (account_id, email, password_hash, role) values ($1, 'bench@example.com', 'x', 'owner') returning id`,
    [accountId],
  );
  const [{ id: tax }] = await q(
    `insert into tax_rates (account_id, name, percentage) values ($1, 'VAT', 20) returning id`,
    [accountId],
  );
  const [{ id: product }] = await q(
    `insert into catalog_products (account_id, name, tax_policy, tax_rate_id, updated_at) values ($1, 'Bench product', 'exclusive', $2, now()) returning id`,
    [accountId, tax],
  );
  const prices: number[] = [];
  for (const [currency, interval, amount] of [
    ["EUR", "month", "9.9"],
    ["EUR", "year", "99"],
    ["USD", "month", "12"],
    ["EUR", "week", "2.5"],
  ]) {
    const [{ id }] = await q(
      `insert into catalog_prices (account_id, product_id, currency, billing_type, recurrence_type, interval, interval_count, updated_at) values ($1, $2, $3, 'recurring', 'interval', $4, 1, now()) returning id`,
      [accountId, product, currency, interval],
    );
    await q(
      `insert into price_versions (price_id, unit_amount, effective_to) values ($1, $2::numeric - 1, now() - interval '6 months')`,
      [id, amount],
    );
    await q(
      `insert into price_versions (price_id, unit_amount, effective_from) values ($1, $2, now() - interval '6 months')`,
      [id, amount],
    );
    prices.push(id);
  }
  const [eurMonth, eurYear, usdMonth, eurWeek] = prices;
  await q(
    `insert into customers (account_id, reference, name, email, updated_at) select $1, 'bench-' || g, 'Customer ' || g, 'customer' || g || '@bench.example', now() from generate_series(1, $2) g`,
    [accountId, n],
  );
  // g spreads creation over two years; every 10th contract is USD, every 12th canceled and every 40th ended in the last year, every 50th paused
  await q(
    `
    insert into subscription_contracts (account_id, customer_id, state, currency, billing_anchor_at, created_at, next_billing_at, canceled_at, ended_at,
      billing_attention_required, past_due_since, input_mode, subscriber_token, updated_at)
    select $1, cu.id, s.state, case when g % 10 = 0 then 'USD' else 'EUR' end, s.created, s.created,
      case when s.state = 'active' then now() + (g % 30) * interval '1 day' end,
      case when s.state = 'canceled' then s.created + (now() - s.created) / 2 end,
      case when s.state in ('canceled', 'ended') then s.created + (now() - s.created) / 2 end,
      g % 45 = 0 and s.state = 'active', case when g % 45 = 0 and s.state = 'active' then now() - (g % 7) * interval '1 day' end,
      'items', 'bench-' || cu.id, now()
    from (select id, substring(reference from 7)::int as g from customers where account_id = $1) cu
    cross join lateral (select now() - (g % 730) * interval '1 day' - (g % 24) * interval '1 hour' as created,
      case when g % 12 = 0 then 'canceled' when g % 40 = 0 then 'ended' when g % 50 = 0 then 'paused' else 'active' end as state) s`,
    [accountId],
  );
  // NOTE: the items' and pauses' MRR triggers refresh one contract per row (~1 ms each); off for the seed, and the
  // spans are built once, set-based, below (the same function the triggers call)
  await q(`set session_replication_role = replica`);
  await q(
    `
    insert into contract_items (contract_id, price_id, product_id, quantity, discount_percent, source, created_at, period_start_at, period_end_at, updated_at)
    select c.id, case when c.currency = 'USD' then $2::int when c.id % 7 = 0 then $3::int else $4::int end, $5::int, 1 + c.id % 3, case when c.id % 5 = 0 then 10 end, 'items', c.created_at,
      coalesce(c.next_billing_at, now()) - interval '1 month', coalesce(c.next_billing_at, now()), now()
    from subscription_contracts c where c.account_id = $1`,
    [accountId, usdMonth, eurYear, eurMonth, product],
  );
  await q(
    `
    insert into contract_items (contract_id, price_id, product_id, quantity, source, created_at, period_start_at, period_end_at, updated_at)
    select c.id, $2::int, $3::int, 1, 'items', c.created_at, coalesce(c.next_billing_at, now()) - interval '1 week', coalesce(c.next_billing_at, now()), now()
    from subscription_contracts c where c.account_id = $1 and c.currency = 'EUR' and c.id % 3 = 0`,
    [accountId, eurWeek, product],
  );
  // every 9th EUR contract older than 90 days moved at day 60: the first item ended, another quantity started
  await q(
    `
    with moved as (
      update contract_items ci set end_at = c.created_at + interval '60 days'
      from subscription_contracts c
      where c.id = ci.contract_id and c.account_id = $1 and c.id % 9 = 0 and c.currency = 'EUR' and ci.price_id = $2::int
        and c.created_at < now() - interval '90 days' and (c.ended_at is null or c.ended_at > c.created_at + interval '60 days')
      returning ci.contract_id, ci.price_id, ci.quantity, c.created_at
    )
    insert into contract_items (contract_id, price_id, product_id, quantity, source, created_at, start_at, period_start_at, period_end_at, updated_at)
    select contract_id, price_id, $3::int, case when contract_id % 2 = 0 then quantity + 2 else 1 end, 'items', created_at + interval '60 days',
      created_at + interval '60 days', now() - interval '1 month', now(), now()
    from moved`,
    [accountId, eurMonth, product],
  );
  await q(
    `insert into contract_pauses (contract_id, start_at, end_at, state) select id, now() - interval '3 days', now() + interval '20 days', 'active' from subscription_contracts where account_id = $1 and state = 'paused'`,
    [accountId],
  );
  await q(`set session_replication_role = default`);
  await q(`select mrr_spans_refresh(array_agg(id)) from subscription_contracts where account_id = $1`, [accountId]);
  // a run per month lived in the last year: mostly succeeded (with a receipt number); some failed, exhausted or waiting on the processor
  await q(`create temporary sequence bench_receipts`);
  await q(
    `
    insert into billing_runs (account_id, contract_id, customer_id, kind, state, currency, period_start_at, period_end_at, period_key, scheduled_at,
      subtotal, tax, total, attempt_count, next_attempt_at, created_at, updated_at, receipt_number, receipt_issued_at)
    select $1, c.id, c.customer_id, 'regular', st.state, c.currency, m.at, m.at + interval '1 month', 'regular:' || m.at, m.at, 9.9, 1.98, 11.88, 1,
      case when st.state = 'failed' then m.at + interval '1 day' end, m.at, m.at,
      case when st.state = 'succeeded' then nextval('bench_receipts') end, case when st.state = 'succeeded' then m.at end
    from subscription_contracts c
    cross join lateral (select c.created_at + k * interval '1 month' as at from generate_series(0, 12) k) m
    cross join lateral (select case when m.at < now() - interval '40 days' then (case when (c.id + extract(month from m.at)::int) % 97 = 0 then 'exhausted' else 'succeeded' end)
      when (c.id + extract(day from m.at)::int) % 33 = 0 then 'failed' when (c.id + extract(day from m.at)::int) % 101 = 0 then 'pending_external' else 'succeeded' end as state) st
    where c.account_id = $1 and m.at > now() - interval '1 year' and m.at <= now() and (c.ended_at is null or m.at < c.ended_at)`,
    [accountId],
  );
  await q(
    `
    insert into billing_attempts (run_id, attempt_no, state, amount, transaction_id, fail_code, fail_message, created_at, updated_at)
    select r.id, 1, case when r.state = 'exhausted' then 'failed' else r.state end, r.total, 'txn_' || r.id,
      case when r.state in ('failed', 'exhausted') then 'card_declined' end, case when r.state in ('failed', 'exhausted') then 'Declined' end, r.scheduled_at, r.scheduled_at + interval '1 minute'
    from billing_runs r where r.account_id = $1`,
    [accountId],
  );
  await q(
    `insert into billing_run_lines (run_id, price_id, product_name, quantity, unit_amount, proration_factor, line_total, subtotal, tax, service_period_start_at, service_period_end_at, kind, description)
    select id, $2::int, 'Bench product', 1, 9.9, 1, 9.9, 9.9, 1.98, period_start_at, period_end_at, 'recurring', '1 x 9.9000 EUR = 9.9000' from billing_runs where account_id = $1 and contract_id = (select min(id) from subscription_contracts where account_id = $1)`,
    [accountId, eurMonth],
  );
  // a credit note on every 200th receipt (the search finds them by CN- number)
  await q(
    `insert into credit_notes (account_id, run_id, contract_id, customer_id, number, issued_at, currency, kind, reason, subtotal, tax, total, refund_amount, credit_amount, created_at)
    select $1, id, contract_id, customer_id, row_number() over (order by id), scheduled_at + interval '2 days', currency, 'refund', 'bench', -9.9, -1.98, -11.88, 11.88, 0, scheduled_at + interval '2 days'
    from billing_runs where account_id = $1 and receipt_number % 200 = 0`,
    [accountId],
  );
  await q(`vacuum analyze`); // what autovacuum does on a live database: index-only scans need the visibility map
  return { ...(await seededEarlier(c)), contracts: n };
}

/** The figures and sample rows of a database seedAdminVolume filled earlier. */
export async function seededEarlier(c: pg.Client) {
  const q = async (sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows;
  const [{ id: accountId }] = await q(`select id from accounts where name = 'Bench console' order by id limit 1`);
  const [{ id: userId }] = await q(`select id from users where account_id = $1 order by id limit 1`, [accountId]);
  const [{ contracts }] = await q(
    `select count(*)::int as contracts from subscription_contracts where account_id = $1`,
    [accountId],
  );
  const [{ items }] = await q(`select count(*)::int as items from contract_items`);
  const [{ runs }] = await q(`select count(*)::int as runs from billing_runs`);
  const [{ id: sampleContract }] = await q(`select min(id) as id from subscription_contracts where account_id = $1`, [
    accountId,
  ]);
  const [{ id: sampleRun }] = await q(`select max(id) as id from billing_runs where contract_id = $1`, [
    sampleContract,
  ]);
  return { accountId, userId, contracts, items, runs, sampleContract, sampleRun };
}
