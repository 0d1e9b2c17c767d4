// The context every domain function gets (`ctx`): database, account, clock, actor, logs, and the
// idempotency fence of a keyed request.
import type { Clock } from "@/server/clock";
import type { Db } from "@/server/db";
import type { IdempotencyFence } from "@/server/domain/idempotency/fence";
import type { Logger } from "@/server/log";

/** Everything a domain function may touch: the database, the caller's account, time and logs. */
export interface Ctx {
  db: Db;
  accountId: number;
  clock: Clock;
  log?: Logger;
  /** Absolute origin of the service (e.g. https://billing.example.com), for URLs the domain hands out. */
  baseUrl?: string;
  /**
   * The account's catalog version as of the start of the request, when the caller's authentication
   * already read it; the catalog snapshot then skips its own version read. Left unset by anything that
   * changes the catalog and then prices in the same context.
   */
  catalogVersion?: bigint;
  /** Who acts when it is not the account's own user or key: the customer on the subscriber page. Recorded on events. */
  actor?: EventActor;
  /**
   * Set for a request with an idempotency key on a route whose effect is one transaction: the domain
   * function stores the key's outcome in that transaction (`fenceIdempotency`, idempotency/fence.ts).
   */
  idempotency?: IdempotencyFence;
  /**
   * Set when `db` is a read replica (DATABASE_REPLICA_URL, server/replica.ts): the primary, for the few writes
   * a read needs (analytics' stored customer-months) and for reading right after them.
   */
  primary?: Db;
}

/** The initiator an event records (`actor` of the event payload); absent for the seller's own changes. */
export interface EventActor {
  type: "subscriber";
  /** the contract whose subscriber page was used */
  id: number;
}

/** Context of work across accounts (webhook fan-out and delivery, run by the worker or the CLI): no account. */
export type SystemCtx = Pick<Ctx, "db" | "clock" | "log">;
