// Zod schemas of customer entitlements: the query and the state response.
import { z } from "zod";
import { DATE_RANGE_MESSAGE, dateTime, inDateRange, namedObject } from "./common";

export const entitlementQuery = z.object({
  customer_reference: z.string().optional().meta({ description: "Required" }),
  product_reference: z.string().optional(),
  // the format is checked by the domain (it also takes a plain date); an unparsable value is left to it
  at: z
    .string()
    .refine((v) => Number.isNaN(Date.parse(v)) || inDateRange(Date.parse(v)), DATE_RANGE_MESSAGE)
    .optional()
    .meta({ description: "ISO 8601 date-time; default now" }),
});

export const entitlementStateResponse = namedObject("EntitlementState", {
  customer_id: z.number().int(),
  customer_reference: z.string(),
  product_reference: z.string().nullable(),
  at: dateTime,
  service_active: z.boolean(),
  entitlements: z.array(
    z.object({
      product_id: z.number().int(),
      product_reference: z.string().nullable(),
      product_name: z.string(),
      quantity: z.number().int(),
      contract_ids: z.array(z.number().int()),
      contract_item_ids: z.array(z.number().int()),
      entitled_until: dateTime.nullable(),
    }),
  ),
});
