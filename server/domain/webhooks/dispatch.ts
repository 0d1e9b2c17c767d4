// Sends claimed deliveries in parallel so that one account's slow endpoint never holds up another's:
// at most `maxInFlight` attempts at once in this process, at most `perEndpoint` of them to any one
// endpoint, each bounded by the 10 s timeout. Whenever an attempt ends, more due deliveries are claimed
// for the endpoints that have room, so a slow endpoint occupies its own slots and nothing else.

import type { SystemCtx } from "@/server/domain/context";
import { log } from "@/server/log";
import { attemptDelivery, type Claimed, claimDue } from "./deliver";
import { DELIVERY_TIMEOUT_MS } from "./send";
import { type NetworkPolicy, networkPolicy } from "./target";

export interface DeliveryOptions {
  policy: NetworkPolicy;
  timeoutMs: number;
  maxInFlight: number;
  perEndpoint: number;
}
export type DeliveryOptionsInput = Partial<Omit<DeliveryOptions, "policy">> & Partial<NetworkPolicy>;

export function deliveryOptions(input: DeliveryOptionsInput = {}): DeliveryOptions {
  return {
    policy: networkPolicy({ allowLoopback: input.allowLoopback, resolve: input.resolve }),
    timeoutMs: input.timeoutMs ?? DELIVERY_TIMEOUT_MS,
    maxInFlight: input.maxInFlight ?? 16,
    perEndpoint: input.perEndpoint ?? 2,
  };
}

interface EndpointSlot {
  running: number;
  waiting: number[];
}

export class DeliveryDispatcher {
  sent = 0;
  failed = 0;
  /** Claimed by this dispatcher and not finished yet (running or waiting for their endpoint's slot). */
  private claimed = 0;
  private readonly endpoints = new Map<number, EndpointSlot>();
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
      if (claimed === 0 && this.claimed === 0) return;
      await new Promise<void>((resolve) => (this.claimed === 0 ? resolve() : this.waiters.push(resolve)));
    }
  }

  private async claim(): Promise<number> {
    const busy = [...this.endpoints]
      .filter(([, slot]) => slot.running + slot.waiting.length >= this.opts.perEndpoint)
      .map(([id]) => id);
    const rows = await claimDue(this.ctx, {
      limit: this.opts.maxInFlight - this.claimed,
      perEndpoint: this.opts.perEndpoint,
      exclude: busy,
    });
    for (const row of rows) this.enqueue(row);
    return rows.length;
  }

  private enqueue({ id, endpointId }: Claimed) {
    this.claimed++;
    let slot = this.endpoints.get(endpointId);
    if (!slot) this.endpoints.set(endpointId, (slot = { running: 0, waiting: [] }));
    if (slot.running < this.opts.perEndpoint) this.run(endpointId, slot, id);
    else slot.waiting.push(id);
  }

  private run(endpointId: number, slot: EndpointSlot, id: number) {
    slot.running++;
    void attemptDelivery(this.ctx, { id, policy: this.opts.policy, timeoutMs: this.opts.timeoutMs })
      .then(
        (ok) => (ok ? this.sent++ : this.failed++),
        (err) => {
          // the delivery stays leased and is retried once the lease ends
          this.failed++;
          log.error({ err, deliveryId: id }, "webhook delivery attempt could not be recorded");
        },
      )
      .finally(() => {
        slot.running--;
        this.claimed--;
        const next = slot.waiting.shift();
        if (next !== undefined) this.run(endpointId, slot, next);
        else if (slot.running === 0) this.endpoints.delete(endpointId);
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
