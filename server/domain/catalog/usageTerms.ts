// The usage terms of a price being created or versioned: metered prices name a live metric and a pricing model
// (billed in arrears), licensed prices a unit amount or tiers (graduated or volume) of their quantity.
import type { ScheduledTerms } from "@/server/domain/catalog/versionSchedule";
import type { Ctx } from "@/server/domain/context";
import { invalidFields, notFound } from "@/server/domain/errors";
import { fmt4 } from "@/server/domain/money";
import { checkUsagePricing, type UsagePricingModel } from "@/server/domain/pricing/usagePricing";
import type { Prisma } from "@/server/generated/prisma/client";
import type { PricingModelInput } from "@/server/schemas/catalogInputs";

const QUANTITY = /^\d{1,15}(\.\d{1,12})?$/;

/** The model as stored: only the fields of its kind (a tier keeps up_to, unit_amount, flat_amount). */
export function storedModel(input: PricingModelInput): UsagePricingModel {
  switch (input.model) {
    case "per_unit":
      return { model: "per_unit", unit_amount: input.unit_amount ?? "" };
    case "package":
      return { model: "package", package_size: input.package_size ?? "", package_amount: input.package_amount ?? "" };
    default:
      return {
        model: input.model,
        tiers: (input.tiers ?? []).map((t) => ({
          up_to: t.up_to,
          unit_amount: t.unit_amount,
          flat_amount: t.flat_amount,
        })),
      };
  }
}

/** Adds the model's messages under `pricing_model.<field>`; returns the model when it is valid. */
export function checkedModel(
  input: PricingModelInput | null | undefined,
  metered: boolean,
  errors: Record<string, string[]>,
): UsagePricingModel | null {
  if (!input) {
    if (metered) errors.pricing_model = ["A metered price needs a pricing model."];
    return null;
  }
  if (!metered && input.model !== "graduated" && input.model !== "volume") {
    errors.pricing_model = ["A licensed price takes graduated or volume tiers (or a plain unit_amount)."];
    return null;
  }
  const model = storedModel(input);
  const found = checkUsagePricing(model);
  for (const [field, messages] of Object.entries(found)) errors[`pricing_model.${field}`] = messages;
  return Object.keys(found).length ? null : model;
}

interface UsageTermsInput {
  billing_type: "recurring" | "one_time";
  unit_amount?: string;
  usage_type?: "licensed" | "metered";
  billable_metric_id?: number | null;
  pricing_model?: PricingModelInput | null;
  usage_thresholds?: string[];
}

export async function checkUsageTerms(ctx: Ctx, input: UsageTermsInput, errors: Record<string, string[]>) {
  const metered = input.usage_type === "metered";
  let metricId: number | null = null;
  if (metered) {
    if (input.billing_type !== "recurring")
      errors.usage_type = ["A metered price is recurring: its usage is billed at the end of each period."];
    if (input.billable_metric_id == null) errors.billable_metric_id = ["A metered price needs a billable metric."];
    else {
      const metric = await ctx.db.billableMetric.findFirst({
        where: { id: input.billable_metric_id, accountId: ctx.accountId },
      });
      if (!metric) errors.billable_metric_id = ["Billable metric not found."];
      else if (metric.archived) errors.billable_metric_id = ["This billable metric is archived."];
      else metricId = metric.id;
    }
  } else if (input.billable_metric_id != null)
    errors.billable_metric_id = ["Only a metered price has a billable metric."];
  const pricingModel = checkedModel(input.pricing_model, metered, errors);
  if (!metered && !input.pricing_model && input.unit_amount === undefined)
    errors.unit_amount = ["This field is required."];
  const thresholds = input.usage_thresholds ?? [];
  if (thresholds.length && !metered) errors.usage_thresholds = ["Only a metered price has usage thresholds."];
  else if (thresholds.some((t) => !QUANTITY.test(t) || Number(t) <= 0))
    errors.usage_thresholds = ["Each threshold is a quantity greater than 0."];
  return {
    usageType: metered ? "metered" : "licensed",
    metricId,
    thresholds: [...new Set(thresholds)].sort((a, b) => Number(a) - Number(b)) as Prisma.InputJsonValue,
    // a metered or tiered price has no unit amount of its own
    unitAmount: fmt4(pricingModel || metered ? "0" : (input.unit_amount ?? "0")),
    pricingModel: pricingModel as Prisma.InputJsonValue | null,
  };
}

/** The terms of a new version of the caller's price: a unit amount, or a model for a metered or tiered one. */
export async function versionTerms(
  ctx: Ctx,
  priceId: number,
  input: { unit_amount?: string; pricing_model?: PricingModelInput | null },
): Promise<ScheduledTerms> {
  const price = await ctx.db.catalogPrice.findFirst({
    where: { id: priceId, accountId: ctx.accountId },
    select: { usageType: true },
  });
  if (!price) throw notFound();
  const errors: Record<string, string[]> = {};
  const metered = price.usageType === "metered";
  const pricingModel = checkedModel(input.pricing_model, metered, errors);
  if (!metered && !input.pricing_model && input.unit_amount === undefined)
    errors.unit_amount = ["This field is required."];
  if (Object.keys(errors).length) throw invalidFields(errors);
  return { unitAmount: pricingModel ? "0" : (input.unit_amount ?? "0"), pricingModel };
}
