// Sales channels (extension) and embedded checkout sessions (spec 4.8), plus the widget's public bodies.
import { z } from "zod";
import { activeQuery, dateTime, idInput, metadata, metadataInput, namedObject, pageQuery, timestamps } from "./common";
import { discountInputFields } from "./coupons";
import { customerCreateBody } from "./customers";
import { shippingInput } from "./payments";

// Origins and URLs ---------------------------------------------------------------------------------

/**
 * `https://host[:port]` or `http://localhost[:port]` → the origin exactly as a browser sends it in the
 * `Origin` header (lower-case host, default port dropped); null when the value is not such an origin.
 * No paths, queries, credentials or wildcards.
 */
export function normalizeOrigin(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(v)) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return null;
  }
  if (u.username || u.password || u.search || u.hash || u.pathname !== "/") return null;
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$/.test(u.hostname)) return null;
  if (u.protocol === "https:") return u.origin;
  if (u.protocol === "http:" && u.hostname === "localhost") return u.origin;
  return null;
}

const originInput = z
  .string({ error: "A string is required." })
  .max(300, "Ensure this field has no more than 300 characters.")
  .transform((v, c) => {
    const o = normalizeOrigin(v);
    if (!o) {
      c.addIssue({
        code: "custom",
        message: `'${v}' is not an origin: use https://host[:port] (or http://localhost:port), without a path.`,
      });
      return z.NEVER;
    }
    return o;
  });

/** An https URL (or http on localhost) for logos and terms pages. */
const webUrl = z
  .string({ error: "A string is required." })
  .max(2000, "Ensure this field has no more than 2000 characters.")
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" || (u.protocol === "http:" && u.hostname === "localhost");
    } catch {
      return false;
    }
  }, "Enter an https URL.");

const cssColor = z
  .string({ error: "A string is required." })
  .max(64)
  .regex(
    /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9a-zA-Z\s.,%/+-]{1,50}\))$/,
    "Use a CSS color: #rrggbb, rgb(), hsl() or a color name.",
  );

const jsonSize = (max: number) => (v: unknown) => JSON.stringify(v).length <= max;

export const themeInput = z
  .looseObject(
    {
      colors: z
        .record(z.string().max(64), cssColor, { error: "An object of color names to CSS colors is required." })
        .optional(),
      logo_url: webUrl.optional(),
      font_family: z.string({ error: "A string is required." }).max(200).optional(),
    },
    { error: "A JSON object is required." },
  )
  .refine(jsonSize(10_000), "The theme may not exceed 10000 characters of JSON.")
  .meta({
    id: "SalesChannelTheme",
    description:
      "Presentation for the widget: e.g. `colors` (name → CSS color), `logo_url` (https), `font_family`; other keys are kept as given.",
  });

export const termsInput = z
  .looseObject(
    {
      url: webUrl.optional(),
      version: z.string({ error: "A string is required." }).max(100).optional(),
      text: z.string({ error: "A string is required." }).max(20_000).optional(),
    },
    { error: "A JSON object is required." },
  )
  .refine(jsonSize(30_000), "The terms may not exceed 30000 characters of JSON.")
  .meta({
    id: "SalesChannelTerms",
    description: "Terms shown by the widget: e.g. `url` (https), `version`, `text`; other keys are kept as given.",
  });

// Sales channels -------------------------------------------------------------------------------------

const offerObject = z
  .record(z.string(), z.unknown(), { error: "A JSON object with the offer fields of spec 2.4 is required." })
  .meta({
    description:
      "The offer fields of spec 2.4 (see QuoteRequest), validated by compiling the offer once; problems are reported under the offer's own field keys (`items`, `bundle_template`, ...) exactly as a quote reports them. `customer_reference` and `payment_processor_override` are not allowed (the session and `processor_ids` supply them); `initial_billing_mode` may only be `create_initial_run`.",
  });

const name = z
  .string({ error: "A string is required." })
  .trim()
  .min(1, "This field may not be blank.")
  .max(200, "Ensure this field has no more than 200 characters.");
const origins = z
  .array(originInput, { error: "A list of origins is required." })
  .min(1, "At least one allowed origin is required.")
  .max(50, "Ensure this list has no more than 50 elements.")
  .transform((l) => [...new Set(l)]);
const processorIds = z
  .array(idInput, { error: "A list of account payment processor ids is required." })
  .min(1, "At least one payment processor is required.")
  .max(20, "Ensure this list has no more than 20 elements.")
  .transform((l) => [...new Set(l)]);

const salesChannelFields = {
  name,
  offer: offerObject,
  allowed_origins: origins.meta({
    description: "Origins allowed to use the channel's sessions: `https://host[:port]` or `http://localhost:port`.",
  }),
  processor_ids: processorIds.meta({
    description: "Account payment processors the widget may offer (filtered by eligibility for the offer).",
  }),
  metadata: metadataInput.optional(),
  theme: themeInput.optional(),
  terms: termsInput.optional(),
  active: z.boolean({ error: "Must be a valid boolean." }).optional(),
};
/** The rules a new channel must meet, as the OpenAPI document says them. */
const salesChannelRules =
  "The offer is validated by compiling it once; its problems are reported under the offer's field keys, as a quote reports them.";
export const salesChannelCreateBody = namedObject("SalesChannelCreateRequest", salesChannelFields, salesChannelRules);

export const salesChannelPatchBody = z
  .strictObject(
    {
      name: name.optional(),
      offer: offerObject.optional(),
      allowed_origins: origins.optional(),
      processor_ids: processorIds.optional(),
      metadata: z
        .record(z.string(), z.unknown(), { error: "A JSON object is required." })
        .optional()
        .meta({ description: "Shallow-merged; a null value removes a key." }),
      theme: themeInput.optional(),
      terms: termsInput.optional(),
      active: z.boolean({ error: "Must be a valid boolean." }).optional().meta({
        description: "false deactivates the channel: no new sessions (existing sessions keep their snapshot).",
      }),
    },
    { error: (i) => (i.code === "unrecognized_keys" ? "This field cannot be changed." : undefined) },
  )
  .meta({ id: "SalesChannelPatchRequest" });

export const salesChannelListQuery = z.object({ active: activeQuery, ...pageQuery });

export const salesChannelResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    offer: z.record(z.string(), z.unknown()).meta({ description: "The offer as validated (defaults filled in)" }),
    allowed_origins: z.array(z.string()),
    processor_ids: z.array(z.number().int()),
    metadata,
    theme: z.record(z.string(), z.unknown()),
    terms: z.record(z.string(), z.unknown()),
    active: z.boolean(),
    ...timestamps,
  })
  .meta({
    id: "SalesChannel",
    description: "Extension: the seller's configuration from which embedded checkout sessions are created.",
  });

// Checkout sessions ----------------------------------------------------------------------------------

export const checkoutSessionCreateBody = namedObject("CheckoutSessionCreateRequest", {
  sales_channel: idInput.meta({ description: "Id of an active sales channel of the account" }),
  customer_reference: z
    .string({ error: "A string is required." })
    .max(200)
    .nullable()
    .optional()
    .meta({ description: "An existing customer; without it the widget names (or creates) the customer" }),
  metadata: metadataInput.optional(),
});

export const checkoutSessionSnapshotResponse = z
  .object({
    sales_channel: z.object({ id: z.number().int(), name: z.string() }),
    offer: z.record(z.string(), z.unknown()),
    allowed_origins: z.array(z.string()),
    processor_ids: z.array(z.number().int()),
    metadata,
    theme: z.record(z.string(), z.unknown()),
    terms: z.record(z.string(), z.unknown()),
  })
  .meta({
    id: "CheckoutSessionSnapshot",
    description: "The sales channel's policies as at session creation; later channel changes do not alter it.",
  });

export const checkoutSessionResponse = namedObject("CheckoutSession", {
  token: z.string().meta({ description: "The only thing handed to the browser widget" }),
  status: z.enum(["open", "completed", "expired"]),
  sales_channel_id: z.number().int(),
  customer_reference: z.string().nullable(),
  metadata,
  snapshot: checkoutSessionSnapshotResponse,
  checkout_token: z.string().nullable(),
  checkout_status: z.enum(["pending", "pending_external", "succeeded", "failed", "expired"]).nullable(),
  contract_id: z.number().int().nullable(),
  widget_url: z
    .string()
    .meta({ description: "Public address the widget reads the session from (origin-checked, no API key)" }),
  widget_page_url: z.string().meta({
    "x-extension": true,
    description:
      "Extension: the widget's page (/embed/checkout/<token>): framed by /embed/v1.js on an allowed origin, or opened directly as a hosted checkout page",
  }),
  expires_at: dateTime.meta({ description: "30 minutes after creation" }),
  ...timestamps,
});

// Widget (public, not in the OpenAPI document) ---------------------------------------------------------

const { reference, email, name: customerName } = customerCreateBody.shape;
export const widgetCheckoutBody = z.object({
  customer: z
    .object({ reference, email, name: customerName }, { error: "An object with the customer's reference is required." })
    .optional(),
  account_payment_processor: idInput.optional(),
  shipping: shippingInput.optional(),
  promotion_code: discountInputFields.promotion_code,
});

/** Extension: the widget's "Apply" of a promotion code (prices the offer with it; redeems nothing). */
export const widgetQuoteBody = z.object({
  promotion_code: z.string({ error: "A string is required." }).trim().min(1, "Enter a promotion code.").max(64),
});

export type SalesChannelOut = z.infer<typeof salesChannelResponse>;
export type SalesChannelCreateInput = z.infer<typeof salesChannelCreateBody>;
export type SalesChannelPatchInput = z.infer<typeof salesChannelPatchBody>;
export type CheckoutSessionCreateInput = z.infer<typeof checkoutSessionCreateBody>;
export type CheckoutSessionOut = z.infer<typeof checkoutSessionResponse>;
export type SessionSnapshot = z.infer<typeof checkoutSessionSnapshotResponse>;
export type WidgetCheckoutInput = z.infer<typeof widgetCheckoutBody>;
export type WidgetQuoteInput = z.infer<typeof widgetQuoteBody>;
