// Zod building blocks every resource schema uses: named objects, money and date fields, inputs, list queries,
// error and page bodies.
import { z } from "zod";
import "zod-openapi";

/** An object schema the OpenAPI document publishes under `name` (components.schemas), so clients see one type. */
export function namedObject<Shape extends z.core.$ZodLooseShape>(name: string, shape: Shape, description?: string) {
  return z.object(shape).meta(description ? { id: name, description } : { id: name });
}

/** A published object that is `base` with more fields (a record's detail: the record and its children). */
export function namedExtension<BaseShape extends z.core.$ZodShape, Shape extends z.core.$ZodLooseShape>(
  base: z.ZodObject<BaseShape>,
  name: string,
  shape: Shape,
) {
  return base.extend(shape).meta({ id: name });
}

/** Amount as the API prints it: "<digits>.<4 digits>". */
export const money = z
  .string()
  .regex(/^-?\d+\.\d{4}$/)
  .meta({ description: "Decimal string with four fraction digits", example: "12.5000" });
export const dateTime = z.string().meta({ format: "date-time", example: "2026-01-01T00:00:00.000Z" });
export const metadata = z.record(z.string(), z.unknown()).meta({ description: "Free-form JSON object" });
/** When a stored record was created and last changed: the closing fields of most resources. */
export const timestamps = { created_at: dateTime, updated_at: dateTime };

// Inputs ------------------------------------------------------------------------------------------
const MAX_AMOUNT = "999999999999999"; // Decimal(19,4) holds 15 integer digits

/** Decimal amount input: a string (or number) in plain decimal notation, at most 4 fraction digits. */
export const moneyInput = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,15}(\.\d{1,4})?$/.test(v), {
    message: `A decimal number between 0 and ${MAX_AMOUNT} with at most 4 decimal places is required.`,
  });

export const percentInput = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,3}(\.\d{1,4})?$/.test(v) && Number(v) <= 100, {
    message: "A percentage between 0 and 100 with at most 4 decimal places is required.",
  });

export const positiveInt = z
  .number({ error: "A valid integer is required." })
  .int("A valid integer is required.")
  .min(1, "Ensure this value is greater than or equal to 1.")
  .max(2_147_483_647, "Ensure this value is less than or equal to 2147483647.");
export const idInput = positiveInt;
/** Instants the service accepts: 1970 to 9999 (UTC). Year 0000 and friends are typos, not contracts. */
export const DATE_RANGE = { min: Date.UTC(1970, 0, 1), max: Date.UTC(10000, 0, 1) - 1 };
export const DATE_RANGE_MESSAGE = "Dates must be between 1970-01-01 and 9999-12-31 (UTC).";
export const inDateRange = (t: number) => t >= DATE_RANGE.min && t <= DATE_RANGE.max;

/** Every date-time input field (quotes, contracts, items, lifecycle, test clock, console): one format, one range. */
export const dateTimeInput = z.iso
  .datetime({
    offset: true,
    error: "Datetime has wrong format. Use ISO 8601 with a time zone, e.g. 2026-01-01T00:00:00Z.",
  })
  .refine((v) => inDateRange(Date.parse(v)), DATE_RANGE_MESSAGE);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/**
 * A free-form JSON object (not an array, nor a Date or Map a console client could send), passed on as
 * parsed: keys such as `constructor` are stored and shown as sent (the body reader checks depth, NUL,
 * surrogates and refuses `__proto__`).
 */
export const metadataInput = z
  .custom<Record<string, unknown>>(isPlainObject, { error: "A JSON object is required." })
  .meta({ description: "Free-form JSON object", override: { type: "object", additionalProperties: {} } });

/**
 * The input building blocks as one group, for the schema files that use most of them
 * (`input.money`, `input.dateTime`, ...): the same schemas as the single exports above.
 */
export const input = {
  id: idInput,
  positiveInt,
  money: moneyInput,
  percent: percentInput,
  dateTime: dateTimeInput,
  metadata: metadataInput,
};

/** Query `active`: only active by default; `all`/`any` lift the filter; true/false pick one side. */
export const activeQuery = z
  .enum(["true", "false", "1", "0", "all", "any"], { error: "Must be one of: true, false, all, any." })
  .optional()
  .meta({ description: "Default: only active records. `all` or `any`: every record." });

/** A query parameter naming a record by its integer id (contract, customer, coupon…); optional. */
export const idQuery = z
  .string()
  .regex(/^\d{1,9}$/, "A valid integer is required.")
  .optional();

export const pageQuery = {
  page_size: z.string().optional().meta({ description: "Enables pagination; default 10, maximum 1000" }),
  page: z.string().optional().meta({ description: "1-based page number, with page_size" }),
};

// Outputs ------------------------------------------------------------------------------------------
export const errorBody = z.record(z.string(), z.union([z.array(z.string()), z.string(), z.unknown()])).meta({
  id: "ValidationError",
  description: "Keys are field names or non_field_errors; values are lists of messages.",
});
export const detailBody = z.object({ detail: z.string() }).meta({ id: "ErrorDetail" });

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

/** A list endpoint answers a plain array, or a page when page_size is sent. */
export const listOf = <T extends z.ZodType>(item: T) => z.union([z.array(item), paginated(item)]);
