// Zod schemas of customers: response, create and patch bodies, list query.
import { z } from "zod";
import { metadata, metadataInput, namedObject, pageQuery, timestamps } from "./common";
import { maskedCard } from "./payments";

export const customerResponse = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    metadata,
    ...timestamps,
  })
  .meta({
    id: "Customer",
    description: "Extension: customers are referenced by every other call but not listed in the spec.",
  });

const reference = z
  .string({ error: "A string is required." })
  .trim()
  .min(1, "This field may not be blank.")
  .max(200, "Ensure this field has no more than 200 characters.")
  .regex(/^[^/?#\s]+$/, "May not contain spaces, '/', '?' or '#'.");
const name = z
  .string({ error: "A string is required." })
  .max(500, "Ensure this field has no more than 500 characters.")
  .nullable()
  .optional();
const email = z.email({ error: "Enter a valid email address." }).max(320).nullable().optional();

export const customerCreateBody = z.object({ reference, name, email, metadata: metadataInput.optional() });
export const customerPatchBody = z.strictObject(
  { name, email, metadata: metadataInput.optional() },
  { error: (i) => (i.code === "unrecognized_keys" ? "This field cannot be changed." : undefined) },
);
export const customerListQuery = z.object({
  reference: z.string().optional(),
  email: z.string().optional(),
  ...pageQuery,
});

export type CustomerOut = z.infer<typeof customerResponse>;
export type CustomerCreateInput = z.infer<typeof customerCreateBody>;
export type CustomerPatchInput = z.infer<typeof customerPatchBody>;

const json = z.record(z.string(), z.unknown());
const runOut = z.object({
  id: z.number().int(),
  contract_id: z.number().int(),
  kind: z.string(),
  state: z.string(),
  currency: z.string(),
  total: z.string(),
  period_start_at: z.string(),
  period_end_at: z.string(),
  receipt_number: z.number().int().nullable(),
  receipt_issued_at: z.string().nullable(),
});
export const personalDataResponse = namedObject(
  "CustomerPersonalData",
  {
    exported_at: z.string(),
    customer: customerResponse,
    subscription_contracts: z.array(
      z.object({
        id: z.number().int(),
        state: z.string(),
        currency: z.string(),
        delivery_address: z.unknown(),
        metadata: z.unknown(),
        created_at: z.string(),
      }),
    ),
    billing_runs: z.array(runOut),
    receipts: z.array(runOut),
    payment_methods: z.array(
      z.object({
        id: z.number().int(),
        collection_method: z.string(),
        state: z.string(),
        card: maskedCard.nullable(),
        billing_details: z.unknown(),
        metadata: z.unknown(),
        created_at: z.string(),
        canceled_at: z.string().nullable(),
      }),
    ),
    events: z.array(z.object({ id: z.string(), type: z.string(), created_at: z.string(), data: json })),
    audit_entries: z.array(z.object({ id: z.number().int(), at: z.string(), action: z.string(), actor: z.string() })),
  },
  "Extension: everything held about a customer (GDPR access request); cards masked, never a processor token.",
);
export const personalDataErasureResponse = namedObject(
  "CustomerErasure",
  {
    customer_id: z.number().int(),
    payment_methods: z.number().int().meta({ description: "Payment methods detached and cleared." }),
    contracts: z.number().int(),
    scrubbed: z.number().int().meta({ description: "Stored copies (events, checkouts, audit details…) scrubbed." }),
  },
  "Extension: what an erasure changed. Runs and receipts keep their numbers and amounts.",
);
