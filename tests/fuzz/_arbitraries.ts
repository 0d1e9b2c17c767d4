// fast-check arbitraries for the fuzz suite, derived from the OpenAPI document's JSON schemas (which the
// zod schemas of server/schemas generate): for every field a plausible value of its declared type, or
// a hostile one (wrong types, nulls, unicode, NUL, lone surrogates, huge/negative numbers, deep nesting,
// long strings, bad dates, keys JavaScript treats specially); plus unknown fields and non-object bodies.
import fc from "fast-check";

type Schema = Record<string, any>;

const deep = (d: number): unknown => (d === 0 ? 1 : [deep(d - 1)]);

/** Values no field of the API should take without a 400 (or, for some fields, a faithful store). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0.0001,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    1e308,
    -1e308,
    5e-324,
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfffy",
    "\ud83d\ude00",
    "\u202e\u200b",
    "\ufeff",
    "x".repeat(5000),
    "0000-01-01T00:00:00Z",
    "1969-12-31T23:59:59Z",
    "2026-02-30T00:00:00Z",
    "2026-13-01T00:00:00Z",
    "+275760-09-13T00:00:00Z",
    "2026-01-01",
    "1e308",
    "NaN",
    "-1",
    "99999999999",
    "null",
    "true",
    "<script>",
    "../../etc/passwd",
    "' OR 1=1 --",
    [],
    [null],
    [[[]]],
    {},
    { constructor: "x" },
    { prototype: { a: 1 } },
    { toString: 1, valueOf: "x" },
    deep(70),
    deep(20),
  ),
  fc.string({ unit: "binary", maxLength: 12 }), // any code points, lone surrogates included
  fc.integer(),
  fc.double(),
);

const VALID_DATES = ["2026-03-10T00:00:00Z", "2026-04-01T12:00:00.000Z", "2026-03-15T00:00:00+02:00"];

/** A value of the schema's declared type; `ids` are real record ids to try for integer fields. */
export function plausible(schema: Schema, doc: Schema, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, doc);
  if (depth > 3) return fc.constant(null);
  if (s.enum) return fc.constantFrom(...s.enum);
  const members = s.anyOf ?? s.oneOf;
  if (members) return fc.oneof(...members.map((m: Schema) => plausible(m, doc, ids, depth)));
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  switch (type) {
    case "string":
      if (s.format === "date-time") return fc.constantFrom(...VALID_DATES);
      return fc.oneof(fc.constantFrom("x", "EUR", "cust-1001", "card", "month"), fc.string({ maxLength: 8 }));
    case "integer":
      return fc.oneof(fc.constantFrom(...ids, 1), fc.integer({ min: 0, max: 50 }));
    case "number":
      return fc.double({ min: 0, max: 1000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(plausible(s.items ?? {}, doc, ids, depth + 1), { maxLength: 3 });
    case "object":
      return objectOf(s, doc, ids, depth + 1);
    default:
      return fc.constantFrom<unknown>("x", 1, null);
  }
}

/** An object with each declared property absent, plausible or hostile, and sometimes an unknown field. */
export function objectOf(schema: Schema, doc: Schema, ids: number[], depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const s = resolve(schema, doc);
  const props: Record<string, Schema> = s.properties ?? {};
  const fields = Object.fromEntries(
    Object.entries(props).map(([k, v]) => [
      k,
      fc.option(
        fc.oneof({ weight: 2, arbitrary: plausible(v, doc, ids, depth) }, { weight: 1, arbitrary: hostileValue }),
        { nil: undefined },
      ),
    ]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(
        fc.tuple(fc.constantFrom("unknown_field", "id", "account_id", "constructor", "prototype"), hostileValue),
        { nil: undefined },
      ),
    )
    .map(([obj, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
      if (extra) out[extra[0]] = extra[1];
      return out;
    });
}

/** Raw request bodies that are not what any operation expects. */
export const hostileText: fc.Arbitrary<string> = fc.constantFrom(
  "null",
  "[]",
  "[{}]",
  '"x"',
  "42",
  "true",
  "{",
  "{}}",
  '{"a":1,}',
  "\ufeff{}",
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"x":1}}',
  "[".repeat(3000) + "]".repeat(3000),
  `{"a":${"[".repeat(65)}${"]".repeat(65)}}`,
  '{"x":1e999}',
  '{"x":-1e999}',
);

/** Query-string values: plausible words, and hostile ones already percent-encoded. */
export const queryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("true", "false", "all", "1", "10", "1000", "EUR", "cust-1001", "active", "2026-03-10T00:00:00Z"),
  fc.constantFrom(
    "%00",
    "a%00b",
    "%ED%A0%80",
    "%FF",
    "%F0%9F%98%80",
    "-1",
    "0",
    "99999999999",
    "1e308",
    "NaN",
    "0000-01-01T00:00:00Z",
    "x".repeat(3000),
    "%25",
    "%",
  ),
);

/** Path segment values (decoded, as Next.js hands them to the handler). */
export const pathValue: fc.Arbitrary<string> = fc.constantFrom(
  "0",
  "-1",
  "1.5",
  "2147483648",
  "99999999999999999999",
  "1e308",
  "abc",
  "\u0000",
  "a\u0000",
  "\ud800",
  "\ud83d\ude00",
  " ",
  "%",
  "x".repeat(300),
  "null",
);

function resolve(schema: Schema, doc: Schema): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = doc.components.schemas[s.$ref.split("/").pop()];
  return s;
}

export { resolve as resolveSchema };
