// POST /v2/payment-processor-options/ (spec 4.7): which of the account's processors can take this offer.
import type { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { invalid } from "@/server/domain/errors";
import { compileOffer } from "@/server/domain/offers/compile";
import { priceOffer } from "@/server/domain/pricing/engine";
import type { processorOptionsBody } from "@/server/schemas/payments";
import { presentProcessorOption } from "./present";

type Input = z.infer<typeof processorOptionsBody>;

export async function eligibleProcessors(
  ctx: Ctx,
  query: { currency: string; collectionMethod?: string; initialAmount: boolean; recurring: boolean },
) {
  return ctx.db.accountPaymentProcessor.findMany({
    where: {
      accountId: ctx.accountId,
      active: true,
      currency: query.currency,
      ...(query.collectionMethod ? { collectionMethod: query.collectionMethod } : {}),
      ...(query.initialAmount ? { supportsInitial: true } : {}),
      ...(query.recurring ? { supportsRecurring: true } : {}),
    },
    orderBy: { id: "asc" },
  });
}

export async function processorOptions(ctx: Ctx, input: Input) {
  const compiled = await compileOffer(ctx, input);
  const priced = priceOffer(compiled.offer);
  const eligible = await eligibleProcessors(ctx, {
    currency: compiled.offer.currency,
    collectionMethod: input.collection_method,
    initialAmount: priced.firstRun.total.gt(0),
    recurring: priced.recurring.length > 0,
  });
  let selected: number | null = null;
  let reason: string;
  const override = input.payment_processor_override;
  if (override != null) {
    if (!eligible.some((p) => p.id === override))
      throw invalid("payment_processor_override", `Processor ${override} is not eligible for this offer.`);
    selected = override;
    reason = "override";
  } else if (eligible.length === 1) {
    selected = eligible[0].id;
    reason = "single_eligible";
  } else reason = eligible.length ? "multiple_eligible" : "none_eligible";
  return {
    currency: compiled.offer.currency,
    collection_method: input.collection_method ?? null,
    selected_account_payment_processor_id: selected,
    selection_reason: reason,
    requires_selection: selected === null && eligible.length > 1,
    results: eligible.map((p) => presentProcessorOption(p, p.id === override ? "override" : "eligible")),
  };
}
