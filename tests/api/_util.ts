// Shape checks shared by the REST integration tests (spec section 2 field tables).
import { expect } from "vitest";

export const DECIMAL4 = /^\d+\.\d{4}$/;
/** ISO 8601 in UTC as the API prints it (toISOString). */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function expectIso(v: unknown, what = "timestamp") {
  expect(typeof v, what).toBe("string");
  expect(v as string, what).toMatch(ISO_UTC);
  expect(new Date(v as string).toISOString(), what).toBe(v);
}
/** A 400 whose body has `key` with a non-empty list of messages (`code` is a single string). */
export function expect400(r: { status: number; body: any }, key: string) {
  expect(r.status, `expected 400 ${key}, got ${r.status}: ${JSON.stringify(r.body)}`).toBe(400);
  expect(Object.keys(r.body), JSON.stringify(r.body)).toContain(key);
  if (key !== "code") {
    expect(Array.isArray(r.body[key]), JSON.stringify(r.body)).toBe(true);
    expect(r.body[key].length).toBeGreaterThan(0);
    for (const m of r.body[key]) expect(typeof m === "string" && m.length > 0).toBe(true);
  }
  return r.body;
}

export const expectIsoOrNull = (v: unknown, what?: string) => (v === null ? undefined : expectIso(v, what));

type Kind = "int" | "string" | "bool" | "object" | "array" | "decimal" | "iso";
type FieldSpec = Record<string, `${Kind}` | `${Kind}?`>;

function checkValue(v: unknown, kind: string, field: string) {
  const nullable = kind.endsWith("?");
  const k = nullable ? kind.slice(0, -1) : kind;
  if (v === null) {
    expect(nullable, `${field} must not be null`).toBe(true);
    return;
  }
  expect(v, `${field} is missing`).not.toBeUndefined();
  switch (k) {
    case "int":
      expect(Number.isInteger(v), `${field} must be an integer, got ${JSON.stringify(v)}`).toBe(true);
      break;
    case "string":
      expect(typeof v, field).toBe("string");
      break;
    case "bool":
      expect(typeof v, field).toBe("boolean");
      break;
    case "object":
      expect(v !== null && typeof v === "object" && !Array.isArray(v), `${field} must be an object`).toBe(true);
      break;
    case "array":
      expect(Array.isArray(v), `${field} must be an array`).toBe(true);
      break;
    case "decimal":
      expect(typeof v, field).toBe("string");
      expect(v as string, field).toMatch(DECIMAL4);
      break;
    case "iso":
      expectIso(v, field);
      break;
  }
}

/** Every listed field is present (not undefined) with the right type. */
export function expectFields(obj: Record<string, unknown>, spec: FieldSpec, what = "object") {
  expect(obj && typeof obj === "object", `${what} must be an object`).toBe(true);
  for (const [field, kind] of Object.entries(spec)) {
    expect(Object.hasOwn(obj, field), `${what}.${field} is missing`).toBe(true);
    checkValue(obj[field], kind, `${what}.${field}`);
  }
}

// Spec 2.1
export const PRODUCT_FIELDS: FieldSpec = {
  id: "int",
  name: "string",
  description: "string?",
  reference: "string?",
  image_url: "string?",
  active: "bool",
  tax_policy: "string?",
  tax_rate_id: "int?",
  active_price_count: "int",
  metadata: "object",
  created_at: "iso",
  updated_at: "iso",
};
// Spec 2.2
export const PRICE_FIELDS: FieldSpec = {
  id: "int",
  product_id: "int",
  product_name: "string",
  product_reference: "string?",
  currency: "string",
  unit_amount: "decimal",
  billing_type: "string",
  recurrence_type: "string?",
  interval: "string?",
  interval_count: "int?",
  billing_day_of_month: "int?",
  billing_schedule_id: "int?",
  billing_schedule_name: "string?",
  billing_schedule_timezone: "string?",
  billing_schedule_rules: "array",
  next_occurrences: "array",
  active: "bool",
  currently_effective: "bool",
  effective_from: "iso?",
  effective_to: "iso?",
  current_version_id: "int",
  versions: "array",
  metadata: "object",
  created_at: "iso",
  updated_at: "iso",
};
export const RULE_FIELDS: FieldSpec = { month: "int?", day: "int?", label: "string?", display_order: "int" };
// Spec 2.3
export const BUNDLE_FIELDS: FieldSpec = {
  id: "int",
  name: "string",
  description: "string?",
  reference: "string?",
  default_currency: "string?",
  active: "bool",
  item_count: "int",
  metadata: "object",
  created_at: "iso",
  updated_at: "iso",
};
export const BUNDLE_PRODUCT_FIELDS: FieldSpec = {
  id: "int",
  name: "string",
  reference: "string?",
  image_url: "string?",
};
export const BUNDLE_ITEM_FIELDS: FieldSpec = {
  id: "int",
  product: "object",
  quantity: "int",
  required: "bool",
  price_option_scope: "string",
  default_price_id: "int?",
  default_price: "object?",
  selectable_prices: "array",
  display_order: "int",
  metadata: "object",
};
export const SELECTABLE_PRICE_FIELDS: FieldSpec = {
  price_id: "int",
  display_label: "string?",
  is_default: "bool",
  price: "object",
};
// Spec 2.4
export const ADDON_COMMON_FIELDS: FieldSpec = {
  rule_id: "int",
  relationship_type: "string",
  min_quantity: "int",
  max_quantity: "int?",
  same_interval_required: "bool",
  same_currency_required: "bool",
};

export function expectProduct(p: any) {
  expectFields(p, PRODUCT_FIELDS, `product ${p?.id}`);
}

export function expectPrice(p: any) {
  const what = `price ${p?.id}`;
  expectFields(p, PRICE_FIELDS, what);
  expect(["recurring", "one_time"], `${what}.billing_type`).toContain(p.billing_type);
  for (const r of p.billing_schedule_rules) expectFields(r, RULE_FIELDS, `${what}.billing_schedule_rules[]`);
  for (const d of p.next_occurrences) expectIso(d, `${what}.next_occurrences[]`);
  for (const v of p.versions) {
    expect(Number.isInteger(v.id), `${what}.versions[].id`).toBe(true);
  }
  expect(
    p.versions.map((v: any) => v.id),
    `${what}.current_version_id must name one of versions`,
  ).toContain(p.current_version_id);
}

export function expectBundle(b: any) {
  expectFields(b, BUNDLE_FIELDS, `bundle ${b?.id}`);
}

export function expectBundleDetail(b: any) {
  expectBundle(b);
  expect(Array.isArray(b.items)).toBe(true);
  expect(b.items.length).toBe(b.item_count);
  for (const item of b.items) {
    const what = `bundle ${b.id} item ${item.id}`;
    expectFields(item, BUNDLE_ITEM_FIELDS, what);
    expectFields(item.product, BUNDLE_PRODUCT_FIELDS, `${what}.product`);
    if (item.default_price) {
      expectPrice(item.default_price);
      expect(item.default_price.id).toBe(item.default_price_id);
    }
    for (const s of item.selectable_prices) {
      expectFields(s, SELECTABLE_PRICE_FIELDS, `${what}.selectable_prices[]`);
      expectPrice(s.price);
      expect(s.price.id).toBe(s.price_id);
    }
  }
}

/** A `{count, next, previous, results}` page. */
export function expectPage(body: any) {
  expect(body).not.toBeInstanceOf(Array);
  expect(Object.keys(body).sort()).toEqual(["count", "next", "previous", "results"]);
  expect(Number.isInteger(body.count)).toBe(true);
  expect(Array.isArray(body.results)).toBe(true);
}

/** Query parameters of an absolute URL (asserts it is absolute). */
export function linkParams(link: string): Record<string, string> {
  expect(link).toMatch(/^https?:\/\//);
  return Object.fromEntries(new URL(link).searchParams);
}
