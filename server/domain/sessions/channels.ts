// Sales channels (extension of spec 4.8): the seller's configuration an embedded checkout session is
// created from — an offer (spec 2.4, validated by compiling it once), the origins allowed to run the
// widget, the payment processors it may offer, metadata, theme and terms.

import type { Ctx } from "@/server/domain/context";
import { addFieldError, type FieldErrors, invalid, invalidFields, notFound } from "@/server/domain/errors";
import { activeWhere, type ListResult, type PageRequest, type PageWindow, pagedList } from "@/server/domain/list";
import { compileOffer } from "@/server/domain/offers/compile";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import { type OfferInput, offerInput } from "@/server/schemas/offers";
import type { SalesChannelCreateInput, SalesChannelOut, SalesChannelPatchInput } from "@/server/schemas/sessions";

type ChannelRow = Prisma.SalesChannelGetPayload<object>;

export function presentChannel(channel: ChannelRow): SalesChannelOut {
  return {
    id: channel.id,
    name: channel.name,
    offer: channel.offer as Record<string, unknown>,
    allowed_origins: channel.allowedOrigins as string[],
    processor_ids: channel.processorIds as number[],
    metadata: (channel.metadata ?? {}) as Record<string, unknown>,
    theme: (channel.theme ?? {}) as Record<string, unknown>,
    terms: (channel.terms ?? {}) as Record<string, unknown>,
    active: channel.active,
    created_at: iso(channel.createdAt),
    updated_at: iso(channel.updatedAt),
  };
}

/**
 * The channel's offer: the offer fields of spec 2.4, parsed and compiled once so a broken offer is a 400
 * now rather than in every browser. Errors carry the offer's own field keys, as a quote reports them.
 * Returns the parsed offer (defaults filled in) and its currency.
 */
export async function validateChannelOffer(
  ctx: Ctx,
  raw: Record<string, unknown>,
): Promise<{ offer: OfferInput; currency: string }> {
  const parsed = offerInput.safeParse(raw);
  if (!parsed.success) {
    // the offer's own field keys (as a quote reports them); deeper paths prefix the message
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const message =
        issue.code === "invalid_type" && issue.input === undefined ? "This field is required." : issue.message;
      addFieldError(
        fields,
        String(issue.path[0] ?? "offer"),
        issue.path.length > 1 ? `${issue.path.slice(1).join(".")}: ${message}` : message,
      );
    }
    throw invalidFields(fields);
  }
  const offer = parsed.data;
  if (offer.customer_reference)
    throw invalid(
      "customer_reference",
      "A sales channel's offer cannot name a customer: the session (customer_reference) or the widget supplies it.",
    );
  if (offer.payment_processor_override != null)
    throw invalid("payment_processor_override", "A sales channel chooses its processors with processor_ids.");
  if (offer.initial_billing_mode && offer.initial_billing_mode !== "create_initial_run") {
    throw invalid("initial_billing_mode", "A checkout always bills an initial run (create_initial_run).");
  }
  const compiled = await compileOffer(ctx, { ...offer, customer_reference: null });
  const { customer_reference: _c, payment_processor_override: _p, ...stored } = offer;
  return { offer: stored as OfferInput, currency: compiled.offer.currency };
}

/** processor_ids: the account's processors, in the offer's currency. */
async function checkProcessors(ctx: Ctx, ids: number[], currency: string) {
  const rows = await ctx.db.accountPaymentProcessor.findMany({ where: { accountId: ctx.accountId, id: { in: ids } } });
  const problems: string[] = [];
  for (const id of ids) {
    const processor = rows.find((r) => r.id === id);
    if (!processor) problems.push(`Payment processor ${id} not found.`);
    else if (processor.currency !== currency)
      problems.push(`Payment processor ${id} takes ${processor.currency} payments; the offer is in ${currency}.`);
  }
  if (problems.length) throw invalidFields({ processor_ids: problems });
}

export async function createChannel(ctx: Ctx, input: SalesChannelCreateInput): Promise<SalesChannelOut> {
  const { offer, currency } = await validateChannelOffer(ctx, input.offer);
  await checkProcessors(ctx, input.processor_ids, currency);
  const now = ctx.clock.now();
  const channel = await ctx.db.salesChannel.create({
    data: {
      accountId: ctx.accountId,
      name: input.name,
      offer: offer as Prisma.InputJsonValue,
      allowedOrigins: input.allowed_origins,
      processorIds: input.processor_ids,
      metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
      theme: (input.theme ?? {}) as Prisma.InputJsonValue,
      terms: (input.terms ?? {}) as Prisma.InputJsonValue,
      active: input.active ?? true,
      createdAt: now,
      updatedAt: now,
    },
  });
  return presentChannel(channel);
}

/** Newest last; `active` as for the catalog (default: active channels only; `all` for every channel). */
export async function listChannels(
  ctx: Ctx,
  query: { active?: string; page?: PageRequest },
): Promise<ListResult<SalesChannelOut>> {
  const where: Prisma.SalesChannelWhereInput = { accountId: ctx.accountId, ...activeWhere(query.active) };
  const rows = (window: PageWindow) => ctx.db.salesChannel.findMany({ where, orderBy: { id: "asc" }, ...window });
  return pagedList(query.page, () => ctx.db.salesChannel.count({ where }), rows, presentChannel);
}

export async function loadChannel(ctx: Ctx, id: number): Promise<ChannelRow> {
  const channel = await ctx.db.salesChannel.findFirst({ where: { id, accountId: ctx.accountId } });
  if (!channel) throw notFound();
  return channel;
}

/** A channel by id, active or not (deactivated channels stay readable and can be reactivated). */
export async function getChannel(ctx: Ctx, id: number): Promise<SalesChannelOut> {
  return presentChannel(await loadChannel(ctx, id));
}

/**
 * Partial update. `offer`, `allowed_origins`, `processor_ids`, `theme` and `terms` are replaced whole;
 * `metadata` is shallow-merged (null removes a key); `active: false` deactivates. Existing sessions keep
 * their snapshot.
 */
export async function updateChannel(ctx: Ctx, id: number, input: SalesChannelPatchInput): Promise<SalesChannelOut> {
  const channel = await loadChannel(ctx, id);
  const data: Prisma.SalesChannelUpdateInput = { updatedAt: ctx.clock.now() };
  if (input.offer !== undefined || input.processor_ids !== undefined) {
    const { offer, currency } = await validateChannelOffer(
      ctx,
      input.offer ?? (channel.offer as Record<string, unknown>),
    );
    await checkProcessors(ctx, input.processor_ids ?? (channel.processorIds as number[]), currency);
    if (input.offer !== undefined) data.offer = offer as Prisma.InputJsonValue;
    if (input.processor_ids !== undefined) data.processorIds = input.processor_ids;
  }
  if (input.name !== undefined) data.name = input.name;
  if (input.allowed_origins !== undefined) data.allowedOrigins = input.allowed_origins;
  if (input.theme !== undefined) data.theme = input.theme as Prisma.InputJsonValue;
  if (input.terms !== undefined) data.terms = input.terms as Prisma.InputJsonValue;
  if (input.active !== undefined) data.active = input.active;
  if (input.metadata !== undefined) {
    const meta = { ...(channel.metadata as Record<string, unknown>) };
    for (const [k, v] of Object.entries(input.metadata)) v === null ? delete meta[k] : (meta[k] = v);
    data.metadata = meta as Prisma.InputJsonValue;
  }
  const updated = await ctx.db.salesChannel.update({ where: { id: channel.id }, data });
  return presentChannel(updated);
}
