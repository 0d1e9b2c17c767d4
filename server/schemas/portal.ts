// The customer portal (extension, issue 33): portal sessions, the subscriber link's rotation.
import { z } from "zod";
import { LOCALES } from "@/server/i18n/locales";
import { dateTime, idInput, namedObject } from "./common";

const strict = {
  error: (i: { code: string; keys?: string[] }) =>
    i.code === "unrecognized_keys" ? `Unknown field: ${i.keys?.join(", ")}.` : undefined,
};

export const portalSessionCreateBody = z
  .strictObject(
    {
      customer_reference: z.string({ error: "This field is required." }).min(1).max(200),
      return_url: z
        .string({ error: "Must be a string." })
        .max(2000, "At most 2000 characters.")
        .nullable()
        .optional()
        .meta({ description: "An absolute http or https URL the portal's “Return to …” link leads to." }),
      locale: z
        .enum(LOCALES, { error: `One of ${LOCALES.join(", ")}.` })
        .nullable()
        .optional()
        .meta({
          description:
            "The portal's language. Absent or null: the language the customer picked before, else the browser's, else English.",
        }),
    },
    strict,
  )
  .meta({
    id: "PortalSessionCreate",
    description:
      "A one-time link to the customer's portal: all of the customer's contracts, receipts, cards and billing details. The link opens the portal once, within 5 minutes; the visit then lasts one hour.",
  });

export const portalSessionResponse = namedObject("PortalSession", {
  id: z.number().int(),
  url: z.string().meta({ description: "Send the customer here; the link works once, until expires_at." }),
  expires_at: dateTime,
  return_url: z.string().nullable(),
  customer_reference: z.string(),
  locale: z.enum(LOCALES).nullable(),
  created_at: dateTime,
});

export const subscriberLinkRotateBody = z
  .strictObject(
    {
      expires_in_days: z
        .number({ error: "Must be a whole number of days." })
        .int("Must be a whole number of days.")
        .min(1, "At least 1 day.")
        .max(3650, "At most 3650 days.")
        .nullable()
        .optional()
        .meta({ description: "The new link stops working after this many days; absent or null: never." }),
    },
    strict,
  )
  .meta({ id: "SubscriberLinkRotate" });

export const subscriberLinkResponse = namedObject("SubscriberLink", {
  contract_id: z.number().int(),
  subscriber_page: z.string().meta({ description: "The new link; the previous one is refused from now on." }),
  subscriber_page_expires_at: dateTime.nullable(),
  rotated_at: dateTime,
});

const text = (max: number) =>
  z
    .string({ error: "This field is required." })
    .trim()
    .min(1, "This field is required.")
    .max(max, `At most ${max} characters.`);
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();

export const billingAddressInput = z.strictObject({
  line1: text(200),
  line2: optionalText(200),
  postal_code: text(20),
  city: text(100),
  state: optionalText(100),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "A two-letter country code (e.g. FI)."),
});

/** The portal's billing details form. */
export const billingDetailsInput = z.strictObject({
  name: text(200),
  email: z.email("Enter an e-mail address.").max(254),
  address: billingAddressInput.nullable().optional(),
  tax_id: z.string().max(40, "At most 40 characters.").nullable().optional(),
});
export type BillingDetailsInput = z.infer<typeof billingDetailsInput>;

/** The portal's own actions (a contract's actions are the subscriber page's body, selfService.ts). */
/** The language picker of the portal and the subscriber page: stored as the customer's preference. */
export const setLanguageAction = z.strictObject({
  action: z.literal("set_language"),
  locale: z.enum(LOCALES, { error: `One of ${LOCALES.join(", ")}.` }),
});

export const portalActionBody = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("remove_card"), payment_method: idInput }),
  z.strictObject({ action: z.literal("make_default_card"), payment_method: idInput }),
  setLanguageAction,
  billingDetailsInput.extend({ action: z.literal("update_billing_details") }),
]);
export type PortalAction = z.infer<typeof portalActionBody>;

export const cancellationSettingsResponse = namedObject("CancellationSettings", {
  reasons: z
    .array(z.string())
    .meta({ description: "The reasons a customer picks from when cancelling (none: free text)" }),
  retention_coupon: z
    .number()
    .int()
    .nullable()
    .meta({ description: "A coupon offered once before a customer's cancel is confirmed; null: no offer" }),
});

export const cancellationSettingsPatchBody = z
  .strictObject(
    {
      reasons: z
        .array(
          z
            .string({ error: "Must be a string." })
            .trim()
            .min(1, "A reason may not be blank.")
            .max(100, "At most 100 characters."),
          {
            error: "A list of strings is required.",
          },
        )
        .max(10, "At most 10 reasons.")
        .optional(),
      retention_coupon: idInput.nullable().optional(),
    },
    strict,
  )
  .meta({ id: "CancellationSettingsPatch" });
