// The OpenAPI document (built from the endpoint registry) against the route files and the spec's field tables.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApi } from "@/server/http/openapi";
import { endpoints } from "@/server/http/registry";
import { moneyInput, percentInput } from "@/server/schemas/common";

const doc: any = buildOpenApi();
const V2 = path.resolve("app/api/v2");

interface RouteBinding {
  file: string;
  exportName: string;
  path: string;
  method: string;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

/** `export const GET = handle("/v2/...", "GET")` bindings of every route file under app/api/v2. */
function bindings(): RouteBinding[] {
  const out: RouteBinding[] = [];
  for (const file of routeFiles(V2)) {
    const src = readFileSync(file, "utf8");
    for (const m of src.matchAll(
      /export\s+const\s+(\w+)\s*=\s*handle\(\s*["'`]([^"'`]+)["'`]\s*,\s*["'`](\w+)["'`]\s*\)/g,
    )) {
      out.push({ file: path.relative(process.cwd(), file), exportName: m[1], path: m[2], method: m[3] });
    }
    // a handle() call the pattern above did not catch would escape the checks below
    const calls = [...src.matchAll(/\bhandle\(/g)].length;
    expect(
      out.filter((b) => b.file === path.relative(process.cwd(), file)).length,
      `unparsed handle() call in ${file}`,
    ).toBe(calls);
  }
  return out;
}

/** The directory a spec path lives in: /v2/catalog/products/{productId}/ → app/api/v2/catalog/products/[productId]/route.ts */
const fileFor = (p: string) => path.join("app/api", p.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");

const schema = (name: string) => {
  const s = doc.components?.schemas?.[name];
  expect(s, `component ${name}`).toBeDefined();
  return s;
};
const types = (prop: any): string[] => {
  if (prop.$ref) return ["object"];
  if (prop.anyOf || prop.oneOf) return (prop.anyOf ?? prop.oneOf).flatMap(types);
  return Array.isArray(prop.type) ? prop.type : prop.type ? [prop.type] : [];
};

/** Every field is a property with the given JSON type; nullable ones allow null; all are required. */
function expectComponentFields(name: string, fields: Record<string, string>) {
  const s = schema(name);
  for (const [field, t] of Object.entries(fields)) {
    const prop = s.properties?.[field];
    expect(prop, `${name}.${field}`).toBeDefined();
    const nullable = t.endsWith("?");
    const base = nullable ? t.slice(0, -1) : t;
    const ts = types(prop);
    expect(ts, `${name}.${field} type`).toContain(base);
    if (nullable) expect(ts, `${name}.${field} must be nullable`).toContain("null");
    else expect(ts, `${name}.${field} must not be nullable`).not.toContain("null");
    expect(s.required ?? [], `${name}.${field} must be required`).toContain(field);
  }
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1.0 with the interface version 2.0.0", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("2.0.0");
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "Authorization",
    });
  });

  it("every route file binding under app/api/v2 has an operation in the document", () => {
    const bs = bindings();
    expect(bs.length).toBeGreaterThanOrEqual(9);
    for (const b of bs) {
      expect(doc.paths[b.path]?.[b.method.toLowerCase()], `${b.method} ${b.path} (${b.file})`).toBeDefined();
    }
  });

  it("route files export each handler under its own method and live at their path", () => {
    for (const b of bindings()) {
      expect(b.exportName, `${b.file}`).toBe(b.method);
      expect(b.file, `${b.method} ${b.path}`).toBe(fileFor(b.path));
    }
  });

  it("every registry endpoint has a route file that binds it", () => {
    const bound = new Set(bindings().map((b) => `${b.method} ${b.path}`));
    for (const e of endpoints) {
      expect(
        bound.has(`${e.method} ${e.path}`),
        `no route file binds ${e.method} ${e.path} (expected in ${fileFor(e.path)})`,
      ).toBe(true);
      expect(readFileSync(fileFor(e.path), "utf8")).toContain(`handle("${e.path}", "${e.method}")`);
    }
  });

  it("the document has exactly the registry's operations", () => {
    const inDoc = Object.entries(doc.paths)
      .flatMap(([p, ops]: [string, any]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    expect(inDoc).toEqual(endpoints.map((e) => `${e.method} ${e.path}`).sort());
  });

  it("spec paths are below /v2/ with a trailing slash; operation ids are unique", () => {
    const ids: string[] = [];
    for (const [p, ops] of Object.entries<any>(doc.paths)) {
      expect(p).toMatch(/^\/v2\/.*\/$/);
      for (const op of Object.values<any>(ops)) ids.push(op.operationId);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("every spec operation requires the API key and documents 400/401/403", () => {
    for (const [p, ops] of Object.entries<any>(doc.paths)) {
      for (const [m, op] of Object.entries<any>(ops)) {
        expect(op.security, `${m} ${p}`).toEqual([{ ApiKey: [] }]);
        for (const status of ["400", "401", "403"]) expect(op.responses[status], `${m} ${p} ${status}`).toBeDefined();
      }
    }
  });

  it("operations with a path id document 404", () => {
    for (const [p, ops] of Object.entries<any>(doc.paths)) {
      if (!p.includes("{")) continue;
      for (const [m, op] of Object.entries<any>(ops)) expect(op.responses["404"], `${m} ${p}`).toBeDefined();
    }
  });

  it("customers operations carry x-extension: true; catalog reads and bundle operations do not", () => {
    // the customer records themselves are the extension; payment methods under them are spec (4.4)
    const customerOps = Object.entries<any>(doc.paths).filter(
      ([p]) => p === "/v2/customers/" || p === "/v2/customers/{customerReference}/",
    );
    expect(customerOps.flatMap(([, ops]) => Object.keys(ops)).sort()).toEqual(["get", "get", "patch", "post"]);
    for (const [p, ops] of customerOps)
      for (const [m, op] of Object.entries<any>(ops)) expect(op["x-extension"], `${m} ${p}`).toBe(true);
    for (const [p, ops] of Object.entries<any>(doc.paths)) {
      if (!p.startsWith("/v2/catalog/") && !p.startsWith("/v2/bundle-templates/") && !p.includes("/payment-methods/"))
        continue;
      if (p.endsWith("/confirm/")) continue; // the public-key confirmation step is an extension
      if (p.endsWith("/versions/simulate/")) {
        expect(ops.post["x-extension"], "the price-change simulation is an extension").toBe(true);
        continue;
      }
      for (const [m, op] of Object.entries<any>(ops)) {
        // creating catalog records (products, prices, price versions) is an extension: the spec only reads them
        const created = m === "post" && p.startsWith("/v2/catalog/");
        expect(op["x-extension"], `${m} ${p}`).toBe(created ? true : undefined);
      }
    }
  });

  it("list operations document the spec's query parameters", () => {
    const q = (p: string) =>
      (doc.paths[p].get.parameters ?? []).filter((x: any) => x.in === "query").map((x: any) => x.name);
    expect(q("/v2/catalog/products/")).toEqual(expect.arrayContaining(["active", "reference", "page_size", "page"]));
    expect(q("/v2/catalog/prices/")).toEqual(
      expect.arrayContaining([
        "active",
        "product",
        "reference",
        "currency",
        "billing_type",
        "recurrence_type",
        "page_size",
        "page",
      ]),
    );
    expect(q("/v2/bundle-templates/")).toEqual(expect.arrayContaining(["active", "reference", "page_size", "page"]));
    expect(q("/v2/catalog/products/{productId}/")).toContain("active");
    expect(doc.paths["/v2/bundle-templates/{bundleTemplateId}/addons/"].post.requestBody.required).toBe(true);
  });

  it("CatalogProduct lists every field of spec 2.1", () => {
    expectComponentFields("CatalogProduct", {
      id: "integer",
      name: "string",
      description: "string?",
      reference: "string?",
      image_url: "string?",
      active: "boolean",
      tax_policy: "string?",
      tax_rate_id: "integer?",
      active_price_count: "integer",
      metadata: "object",
      created_at: "string",
      updated_at: "string",
    });
    expect(schema("CatalogProduct").properties.created_at.format).toBe("date-time");
    expectComponentFields("CatalogProductDetail", { prices: "array" });
  });

  it("CatalogPrice lists every field of spec 2.2", () => {
    expectComponentFields("CatalogPrice", {
      id: "integer",
      product_id: "integer",
      product_name: "string",
      product_reference: "string?",
      currency: "string",
      unit_amount: "string",
      billing_type: "string",
      recurrence_type: "string?",
      interval: "string?",
      interval_count: "integer?",
      billing_day_of_month: "integer?",
      billing_schedule_id: "integer?",
      billing_schedule_name: "string?",
      billing_schedule_timezone: "string?",
      billing_schedule_rules: "array",
      next_occurrences: "array",
      active: "boolean",
      currently_effective: "boolean",
      effective_from: "string?",
      effective_to: "string?",
      current_version_id: "integer",
      versions: "array",
      metadata: "object",
      created_at: "string",
      updated_at: "string",
    });
    expect(schema("CatalogPrice").properties.billing_type.enum).toEqual(["recurring", "one_time"]);
    expectComponentFields("BillingScheduleRule", {
      month: "integer?",
      day: "integer?",
      label: "string?",
      display_order: "integer",
    });
  });

  it("bundle components list every field of spec 2.3 and 2.4", () => {
    expectComponentFields("BundleTemplate", {
      id: "integer",
      name: "string",
      description: "string?",
      reference: "string?",
      default_currency: "string?",
      active: "boolean",
      item_count: "integer",
      metadata: "object",
      created_at: "string",
      updated_at: "string",
    });
    expectComponentFields("BundleTemplateDetail", { items: "array" });
    expectComponentFields("BundleTemplateItem", {
      id: "integer",
      product: "object",
      quantity: "integer",
      required: "boolean",
      price_option_scope: "string",
      default_price_id: "integer?",
      default_price: "object?",
      selectable_prices: "array",
      display_order: "integer",
      metadata: "object",
    });
    expectComponentFields("BundleProduct", {
      id: "integer",
      name: "string",
      reference: "string?",
      image_url: "string?",
    });
    expectComponentFields("BundleSelectablePrice", {
      price_id: "integer",
      display_label: "string?",
      is_default: "boolean",
      price: "object",
    });
    const common = {
      rule_id: "integer",
      relationship_type: "string",
      min_quantity: "integer",
      max_quantity: "integer?",
      same_interval_required: "boolean",
      same_currency_required: "boolean",
    };
    expectComponentFields("BundleAddonProductOffer", {
      ...common,
      product: "object",
      default_price_id: "integer",
      selectable_prices: "array",
    });
    expectComponentFields("BundleAddonBundleOffer", { ...common, bundle_template: "object" });
    expectComponentFields("BundleAddons", {
      bundle_template_id: "integer",
      currency: "string?",
      recurrence_type: "string?",
      interval: "string?",
      interval_count: "integer?",
      billing_day_of_month: "integer?",
      billing_schedule_id: "integer?",
      product_addons: "array",
      bundle_addons: "array",
    });
    const sel = schema("BundleItemSelection");
    expect(Object.keys(sel.properties)).toEqual(
      expect.arrayContaining([
        "bundle_item",
        "include",
        "selected_price",
        "quantity",
        "unit_amount_override",
        "discount_percent",
        "start_at",
        "end_at",
        "metadata",
      ]),
    );
    expect(sel.required).toContain("bundle_item");
  });

  it("every operation types its success answer and its body (no empty schema a client would type unknown)", () => {
    for (const [p, ops] of Object.entries<any>(doc.paths)) {
      for (const [m, op] of Object.entries<any>(ops)) {
        const [status, success] = Object.entries<any>(op.responses).find(([s]) => s.startsWith("2"))!;
        if (status === "204") expect(success.content, `${m} ${p} 204`).toBeUndefined();
        else if (success.content?.["application/json"])
          expect(success.content["application/json"].schema, `${m} ${p} ${status}`).toBeDefined();
        // a file answer (an export): every media type a string
        else
          for (const [type, media] of Object.entries<any>(success.content ?? { none: {} }))
            expect(media.schema?.type, `${m} ${p} ${status} ${type}`).toBe("string");
        const body = op.requestBody?.content?.["application/json"]?.schema;
        if (op.requestBody) expect(Object.keys(body ?? {}), `${m} ${p} request body`).not.toHaveLength(0);
      }
    }
    expect(doc.paths["/v2/webhook-endpoints/"].get.responses["200"].content["application/json"].schema).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/WebhookEndpoint" },
    });
    // the delivery log is a list of spec 4: a plain array, or a page of them with page_size
    const log = doc.paths["/v2/webhook-endpoints/{endpointId}/deliveries/"].get;
    const [plain, page] = log.responses["200"].content["application/json"].schema.anyOf;
    expect(plain.items).toEqual({ $ref: "#/components/schemas/WebhookDelivery" });
    expect(page.properties.results.items).toEqual({ $ref: "#/components/schemas/WebhookDelivery" });
    expect(
      doc.paths["/v2/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/"].get.responses["200"].content[
        "application/json"
      ].schema,
    ).toEqual({ $ref: "#/components/schemas/WebhookDeliveryDetail" });
  });

  it("API-key POSTs document the Idempotency-Key header; other methods do not", () => {
    for (const [p, ops] of Object.entries<any>(doc.paths)) {
      for (const [m, op] of Object.entries<any>(ops)) {
        const header = (op.parameters ?? []).find((x: any) => x.in === "header" && x.name === "Idempotency-Key");
        if (m === "post") {
          expect(header, `${m} ${p}`).toMatchObject({ schema: { type: "string", minLength: 1, maxLength: 255 } });
          expect(op.responses["409"], `${m} ${p} 409`).toBeDefined();
        } else expect(header, `${m} ${p}`).toBeUndefined();
      }
    }
  });

  it("page, page_size and record ids are integers, in the query and in the path", () => {
    const param = (p: string, method: string, name: string) =>
      doc.paths[p][method].parameters.find((x: any) => x.name === name).schema;
    for (const [p, ops] of Object.entries<any>(doc.paths)) {
      for (const [m, op] of Object.entries<any>(ops)) {
        for (const x of op.parameters ?? []) {
          if (x.name === "page_size" || (x.in === "path" && x.name.endsWith("Id")))
            expect(x.schema.type, `${m} ${p} ${x.name}`).toBe("integer");
        }
        if (op.parameters?.some((x: any) => x.name === "page_size"))
          expect(op.responses["404"], `${m} ${p}: a page beyond the last is a 404`).toBeDefined();
      }
    }
    expect(param("/v2/billing-runs/", "get", "page").anyOf).toEqual([
      { type: "integer", minimum: 1, maximum: 999999999 },
      { type: "string", const: "last" },
    ]);
    expect(param("/v2/billing-runs/", "get", "contract").type).toBe("integer");
    expect(param("/v2/subscription-contracts/", "get", "customer").type).toBe("integer");
  });

  it("decimal inputs say what the runtime accepts (their pattern and range agree with the schema's parse)", () => {
    const body =
      doc.paths["/v2/subscription-contracts/{contractId}/items/add/"].post.requestBody.content["application/json"]
        .schema;
    const variantsOf = (prop: any) =>
      prop.anyOf.flatMap((v: any) => v.anyOf ?? [v]).filter((v: any) => v.type !== "null");
    for (const [field, runtime] of [
      ["unit_amount_override", moneyInput],
      ["discount_percent", percentInput],
    ] as const) {
      const [text, number] = variantsOf(body.properties[field]);
      expect(text.type, field).toBe("string");
      const pattern = new RegExp(text.pattern);
      for (const sample of [
        "abc",
        "",
        "12.5",
        "12.34567",
        " 7 ",
        "-1",
        "100",
        "100.0001",
        "99.9999",
        "050",
        "1e3",
        "0.0000",
      ])
        expect(pattern.test(sample), `${field} "${sample}"`).toBe(runtime.safeParse(sample).success);
      expect(number).toMatchObject({ type: "number", minimum: 0 });
      expect(runtime.safeParse(number.maximum).success, `${field} maximum`).toBe(true);
    }
  });

  it("ValidationError: every value is a list of messages, `code` names the error", () => {
    expect(schema("ValidationError")).toMatchObject({
      type: "object",
      additionalProperties: { type: "array", items: { type: "string" } },
      properties: { non_field_errors: { type: "array" }, code: { anyOf: [{ type: "string" }, { type: "array" }] } },
    });
    for (const [p, ops] of Object.entries<any>(doc.paths))
      for (const [m, op] of Object.entries<any>(ops)) {
        // below; and item changes charged now (pending_if_incomplete) name their voided run
        if (p === "/v2/checkouts/{token}/finalize/" || p.includes("/items/")) continue;
        expect(op.responses["400"], `${m} ${p}`).toEqual({ $ref: "#/components/responses/BadRequest" });
      }
    // spec 7.4: a failed payment attempt answers the checkout with the attempt's message and code
    expect(
      doc.paths["/v2/checkouts/{token}/finalize/"].post.responses["400"].content["application/json"].schema.anyOf,
    ).toEqual([
      { $ref: "#/components/schemas/ValidationError" },
      { $ref: "#/components/schemas/CheckoutPaymentFailed" },
    ]);
    expect(
      doc.paths["/v2/subscription-contracts/{contractId}/items/add/"].post.responses["400"].content["application/json"]
        .schema.anyOf[1],
    ).toEqual({ $ref: "#/components/schemas/ItemChangePaymentFailed" });
  });

  it("ProrationPreviewRequest is one variant per operation, each with only that operation's fields", () => {
    const variants = schema("ProrationPreviewRequest").oneOf;
    expect(variants.map((v: any) => v.properties.operation.const)).toEqual([
      "add_item",
      "update_item",
      "remove_item",
      "cancel",
      "restart",
      "pause",
      "resume",
    ]);
    for (const v of variants) {
      expect(v.additionalProperties, v.properties.operation.const).toBe(false);
      expect(v.required.includes("operation"), v.properties.operation.const).toBe(
        v.properties.operation.const !== "update_item",
      );
    }
    const remove = variants.find((v: any) => v.properties.operation.const === "remove_item");
    expect(remove.properties.unit_amount_override).toBeUndefined();
    expect(remove.required).toEqual(expect.arrayContaining(["contract_item"]));
  });

  it("documents the errors every route can answer: 500 and 503 everywhere, 404 for a customer named in the query", () => {
    for (const [p, ops] of Object.entries<any>(doc.paths))
      for (const [m, op] of Object.entries<any>(ops))
        for (const status of ["500", "503"]) expect(op.responses[status], `${m} ${p} ${status}`).toBeDefined();
    expect(doc.paths["/v2/customer-entitlements/"].get.responses["404"]).toEqual({
      $ref: "#/components/responses/NotFound",
    });
    expect(doc.components.responses.ServiceUnavailable.headers["Retry-After"]).toBeDefined();
    expect(Object.keys(doc.paths["/v2/billing-runs/{billingRunId}/receipt/"].get.responses["200"].content)).toEqual([
      "application/json",
      "application/pdf",
    ]);
  });

  it("is served at /api/v2/openapi.json", async () => {
    const mod = await import(path.resolve("app/api/v2/openapi.json/route.ts"));
    const res: Response = await mod.GET(new Request("http://test.local/api/v2/openapi.json"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
