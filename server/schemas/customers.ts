// Zod schemas of customers: response, create and patch bodies, list query.
import { z } from "zod";
import { metadata, metadataInput, pageQuery, timestamps } from "./common";

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
