// The seller's self-service policy (extension: GET/PATCH /v2/self-service-policy/, the console's settings
// page) and the subscriber page's change requests. One schema per shape, for parsing, responses and OpenAPI.
import { z } from "zod";
import { idInput, namedObject, positiveInt } from "./common";
import { setLanguageAction } from "./portal";

export const CUSTOMER_PRORATION = ["upgrade_now_downgrade_at_renewal", "prorate_both_now"] as const;

export const selfServicePolicyResponse = namedObject("SelfServicePolicy", {
  allow_cancel: z.boolean().meta({ description: "Cancel at period end, and undo it while the period lasts" }),
  allow_change_plan: z.boolean().meta({ description: "Change price, quantity, add-ons and optional items" }),
  allow_pause: z.boolean(),
  allow_update_card: z.boolean(),
  customer_proration: z.enum(CUSTOMER_PRORATION).meta({
    description:
      "upgrade_now_downgrade_at_renewal: upgrades are charged now, prorated; downgrades take effect at the item's renewal without credit (scheduled: the customer keeps the current plan until then). prorate_both_now: upgrades charged now, downgrades credited now.",
  }),
});
export type SelfServicePolicyOut = z.infer<typeof selfServicePolicyResponse>;

export const selfServicePolicyPatchBody = z
  .strictObject(
    {
      allow_cancel: z.boolean({ error: "Must be a boolean." }).optional(),
      allow_change_plan: z.boolean({ error: "Must be a boolean." }).optional(),
      allow_pause: z.boolean({ error: "Must be a boolean." }).optional(),
      allow_update_card: z.boolean({ error: "Must be a boolean." }).optional(),
      customer_proration: z.enum(CUSTOMER_PRORATION, { error: `One of: ${CUSTOMER_PRORATION.join(", ")}.` }).optional(),
    },
    { error: (i) => (i.code === "unrecognized_keys" ? `Unknown field: ${i.keys.join(", ")}.` : undefined) },
  )
  .meta({ id: "SelfServicePolicyPatch" });
export type SelfServicePolicyPatch = z.infer<typeof selfServicePolicyPatchBody>;

/** One plan change a customer asks for on the subscriber page (only options the page offered are accepted). */
export const planChangeInput = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("price"), contract_item: idInput, price: idInput }),
  z.strictObject({ kind: z.literal("quantity"), contract_item: idInput, quantity: positiveInt.max(999) }),
  z.strictObject({ kind: z.literal("add"), price: idInput }),
  z.strictObject({ kind: z.literal("remove"), contract_item: idInput }),
]);
export type PlanChange = z.infer<typeof planChangeInput>;

const reason = z.string().trim().max(500, "At most 500 characters.").optional();
/** The subscriber page's mutations: one body shape, by `action`. */
export const subscriberActionBody = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("preview_change"), change: planChangeInput }),
  z.strictObject({
    action: z.literal("confirm_change"),
    change: planChangeInput,
    preview_token: z.string().min(1).max(4000),
  }),
  // offer_declined: the retention offer the page showed was declined (required while one is on offer)
  z.strictObject({ action: z.literal("cancel"), reason, offer_declined: z.boolean().optional() }),
  z.strictObject({ action: z.literal("accept_offer"), reason }),
  z.strictObject({ action: z.literal("undo_cancel") }),
  z.strictObject({ action: z.literal("pause"), months: z.number().int().min(1).max(3) }),
  z.strictObject({ action: z.literal("resume") }),
  z.strictObject({ action: z.literal("keep_current_plan"), change_id: idInput }),
  z.strictObject({ action: z.literal("update_card") }),
  z.strictObject({ action: z.literal("pay_now"), billing_run: idInput }),
  setLanguageAction,
]);
export type SubscriberAction = z.infer<typeof subscriberActionBody>;
