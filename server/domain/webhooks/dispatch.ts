// Sends claimed deliveries in parallel, each endpoint at the rate it sustains: every endpoint has a
// concurrency window in the database (AIMD: starts at 2, +1 on each fast success up to a ceiling, halved
// on a timeout, 5xx or 429, never below 1), shared by every worker process, and a claim never leases more
// of an endpoint than its window leaves. This process sends at most `maxInFlight` attempts at once and at
// most `perEndpoint` (half of them by default) to one endpoint, so a slow endpoint holds only its own
// slots; free slots go to every endpoint's first due delivery before anyone's second. Whenever an attempt
// ends, more is claimed at once (retries due before first attempts), so nothing waits for the next tick.

import { config } from "@/server/config";
import type { SystemCtx } from "@/server/domain/context";
import { log } from "@/server/log";
import { attemptDelivery, type Claimed, claimDue, DEFAULT_WINDOW, LEASE_MS, type WindowPolicy } from "./deliver";
import { type NetworkPolicy, networkPolicy } from "./target";

export interface DeliveryOptions {
  policy: NetworkPolicy;
  timeoutMs: number;
  maxInFlight: number;
  perEndpoint: number;
  window: WindowPolicy;
  /** how long a claim leases a delivery, on the dispatcher's clock; it must outlast an attempt */
  leaseMs: number;
}
export type DeliveryOptionsInput = Partial<Omit<DeliveryOptions, "policy" | "window">> &
  Partial<NetworkPolicy> & { maxWindow?: number; fastMs?: number; leaseMs?: number };

export function deliveryOptions(input: DeliveryOptionsInput = {}): DeliveryOptions {
  const cfg = config();
  const maxInFlight = input.maxInFlight ?? cfg.WEBHOOK_MAX_IN_FLIGHT;
  const timeoutMs = input.timeoutMs ?? cfg.WEBHOOK_TIMEOUT_MS;
  return {
    policy: networkPolicy({ allowLoopback: input.allowLoopback, resolve: input.resolve }),
    timeoutMs,
    maxInFlight,
    perEndpoint: input.perEndpoint ?? Math.max(1, Math.floor(maxInFlight / 2)),
    window: {
      max: input.maxWindow ?? cfg.WEBHOOK_MAX_CONCURRENCY ?? DEFAULT_WINDOW.max,
      fastMs: input.fastMs ?? DEFAULT_WINDOW.fastMs,
    },
    leaseMs: input.leaseMs ?? Math.max(LEASE_MS, timeoutMs * 2 + 10_000),
  };
}

export class DeliveryDispatcher {
  sent = 0;
  failed = 0;
  /** Attempts running in this process, in all and per endpoint. */
  private running = 0;
  private readonly perEndpoint = new Map<number, number>();
  private claiming: Promise<number> | null = null;
  private pumpAgain = false;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly ctx: SystemCtx,
    private readonly opts: DeliveryOptions,
  ) {}

  /** Claims due deliveries that fit and starts them; resolves with how many it claimed (not when they finish). */
  pump(): Promise<number> {
    // one claim query at a time (concurrent ones would each see the same free room); a pump asked for
    // meanwhile runs once more afterwards, since room may have opened after the running one counted it
    if (this.claiming) {
      this.pumpAgain = true;
      return this.claiming;
    }
    this.claiming = (async () => {
      let claimed = 0;
      do {
        this.pumpAgain = false;
        claimed += await this.claim();
      } while (this.pumpAgain);
      return claimed;
    })().finally(() => {
      this.claiming = null;
    });
    return this.claiming;
  }

  /** Sends until nothing is due (and everything claimed has finished). */
  async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.pump();
      if (claimed === 0 && this.running === 0) return;
      await new Promise<void>((resolve) => (this.running === 0 ? resolve() : this.waiters.push(resolve)));
    }
  }

  private async claim(): Promise<number> {
    const rows = await claimDue(this.ctx, {
      limit: this.opts.maxInFlight - this.running,
      perEndpoint: this.opts.perEndpoint,
      running: this.perEndpoint,
      leaseMs: this.opts.leaseMs,
    });
    for (const row of rows) this.run(row);
    return rows.length;
  }

  private run({ id, endpointId }: Claimed) {
    this.running++;
    this.perEndpoint.set(endpointId, (this.perEndpoint.get(endpointId) ?? 0) + 1);
    void attemptDelivery(this.ctx, {
      id,
      policy: this.opts.policy,
      timeoutMs: this.opts.timeoutMs,
      window: this.opts.window,
    })
      .then(
        (ok) => (ok ? this.sent++ : this.failed++),
        (err) => {
          // the delivery stays leased and is retried once the lease ends
          this.failed++;
          log.error({ err, deliveryId: id }, "webhook delivery attempt could not be recorded");
        },
      )
      .finally(() => {
        this.running--;
        const left = (this.perEndpoint.get(endpointId) ?? 1) - 1;
        if (left > 0) this.perEndpoint.set(endpointId, left);
        else this.perEndpoint.delete(endpointId);
        const waiters = this.waiters;
        this.waiters = [];
        for (const wake of waiters) wake();
        // room again: take what else is due without waiting for the next tick
        void this.pump().catch((err) => log.error({ err }, "claiming webhook deliveries failed"));
      });
  }
}

/**
 * Sends everything due now and waits for it (the CLI and tests; the worker keeps one dispatcher running
 * instead and only pumps it on each tick).
 */
export async function deliverDue(
  ctx: SystemCtx,
  options: DeliveryOptionsInput = {},
): Promise<{ sent: number; failed: number }> {
  const dispatcher = new DeliveryDispatcher(ctx, deliveryOptions(options));
  await dispatcher.drain();
  return { sent: dispatcher.sent, failed: dispatcher.failed };
}
