// Zod building blocks every resource schema uses: named objects, money and date fields, inputs, list queries,
// error and page bodies.
import { z } from "zod";
import "zod-openapi";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "@/server/domain/list";

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

/**
 * How the document shows a decimal input: a string matching `pattern` (the runtime trims it first, hence the
 * optional blanks) or a JSON number between `minimum` and `maximum`, which the runtime reads as its shortest
 * decimal form (so 1e21 or 0.00001 are refused like their strings). The zod union alone would render as
 * "any string", which is what clients were told before.
 */
const decimalDocument =
  (pattern: string, range: { minimum: number; maximum: number }) =>
  ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    delete jsonSchema.type;
    jsonSchema.anyOf = [
      { type: "string", pattern },
      { type: "number", ...range },
    ];
  };

/** Decimal amount input: a string (or number) in plain decimal notation, at most 4 fraction digits. */
export const moneyInput = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,15}(\.\d{1,4})?$/.test(v), {
    message: `A decimal number between 0 and ${MAX_AMOUNT} with at most 4 decimal places is required.`,
  })
  .meta({
    description: `Decimal amount, 0 to ${MAX_AMOUNT} with at most 4 decimal places, as a string (preferred) or a number`,
    example: "12.5000",
    override: decimalDocument("^\\s*\\d{1,15}(\\.\\d{1,4})?\\s*$", { minimum: 0, maximum: Number(MAX_AMOUNT) }),
  });

export const percentInput = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,3}(\.\d{1,4})?$/.test(v) && Number(v) <= 100, {
    message: "A percentage between 0 and 100 with at most 4 decimal places is required.",
  })
  .meta({
    description: "Percentage, 0 to 100 with at most 4 decimal places, as a string (preferred) or a number",
    example: "10",
    // 0 to 100: one or two digits (a leading zero allowed, as the runtime reads "050" as 50), or 100
    override: decimalDocument("^\\s*(0?\\d{1,2}(\\.\\d{1,4})?|100(\\.0{1,4})?)\\s*$", { minimum: 0, maximum: 100 }),
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
  .meta({
    description: "Free-form JSON object",
    override: { type: "object", additionalProperties: {} },
  });

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

/** A query parameter naming a record by its integer id (contract, customer, coupon…); optional. The
 * document says integer; the runtime reads the query string's digits (1 to 9). */
export const idQuery = z
  .preprocess(
    (v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z.number({ error: "A valid integer is required." }).int().min(0).max(999_999_999),
  )
  .optional();

const PAGE_NUMBER_MESSAGE = "A valid positive integer is required.";
/**
 * A positive integer query parameter: the document says integer (what clients send), the runtime reads the
 * query string's digits (1 to 9 of them; "1e3", " 5" or "0x10" stay errors, as before). `blank` is what an
 * empty value means.
 */
const positiveQueryInt = <Blank>(blank: Blank) =>
  z.preprocess(
    (v) => (v === "" ? blank : typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z.number({ error: PAGE_NUMBER_MESSAGE }).int(PAGE_NUMBER_MESSAGE).min(1, PAGE_NUMBER_MESSAGE).max(999_999_999),
  );

export const pageQuery = {
  page_size: positiveQueryInt(PAGE_SIZE_DEFAULT)
    .optional()
    .meta({
      description: `Enables pagination; default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX} (a larger value is served as ${PAGE_SIZE_MAX})`,
      example: 20,
    }),
  page: z
    .union([positiveQueryInt(1), z.literal("last")], { error: PAGE_NUMBER_MESSAGE })
    .optional()
    .meta({ description: "1-based page number, with page_size; `last` for the last page" }),
};

// Outputs ------------------------------------------------------------------------------------------
export const errorBody = z
  .object({
    non_field_errors: z
      .array(z.string())
      .optional()
      .meta({ description: "Errors about the request as a whole (e.g. neither bundle_template nor items)" }),
    code: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .meta({
        description:
          "The error's code when it has one (`no_change`, `payment_failed`, …); the messages of a field named `code` otherwise (promotion codes)",
      }),
  })
  .catchall(z.array(z.string()))
  .meta({
    id: "ValidationError",
    description:
      "A 400 (spec 7): keys are field names or non_field_errors, values are lists of messages; `code` names the error when it has one.",
    example: { items: ["0.price: This field is required."] },
  });
export const detailBody = z
  .object({
    detail: z.string(),
    code: z.string().optional().meta({ description: "The error's code when it has one (e.g. `session_expired`)" }),
  })
  .meta({ id: "ErrorDetail", example: { detail: "Not found." } });
/** The 500 body: the request id names the log line of the failure. */
export const internalErrorBody = z.object({ detail: z.string(), request_id: z.string() }).meta({
  id: "InternalError",
  example: { detail: "Internal server error.", request_id: "9b1f3c2e-7d4a-4e0b-8c6f-1a2b3c4d5e6f" },
});

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

/** A list endpoint answers a plain array, or a page when page_size is sent. */
export const listOf = <T extends z.ZodType>(item: T) => z.union([z.array(item), paginated(item)]);
