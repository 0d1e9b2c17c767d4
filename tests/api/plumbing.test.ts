// REST plumbing shared by every endpoint: body parsing and limits, error bodies (spec 7), request ids.
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "@/server/domain/errors";
import { defineEndpoint } from "@/server/http/endpoint";
import { toRouteHandler } from "@/server/http/route";
import type { SeedResult } from "@/server/seed/demo";
import { db, get, patch, post, seed } from "@/tests/helpers";

let s: SeedResult;
beforeAll(async () => {
  s = await seed();
});

const countMine = () => db().customer.count({ where: { accountId: s.accountId } });

describe("request bodies", () => {
  it.each([
    ["POST /v2/customers/", (o: any) => post("/v2/customers/", undefined, o)],
    ["PATCH /v2/customers/cust-1001/", (o: any) => patch("/v2/customers/cust-1001/", undefined, o)],
    ["POST addons", (o: any) => post(`/v2/bundle-templates/${s.ids.family}/addons/`, undefined, o)],
  ])("malformed JSON → 400 non_field_errors (%s)", async (_, call) => {
    for (const rawBody of ['{"reference": ', "{reference: 'x'}", "not json", '{"a":1}}', "\u0000"]) {
      const r = await call({ rawBody });
      expect(r.status, rawBody).toBe(400);
      expect(Object.keys(r.body)).toEqual(["non_field_errors"]);
      expect(r.body.non_field_errors).toHaveLength(1);
      expect(typeof r.body.non_field_errors[0]).toBe("string");
    }
  });

  it("a JSON array where an object is expected → 400", async () => {
    const before = await countMine();
    for (const r of [
      await post("/v2/customers/", [{ reference: "array-body" }]),
      await patch("/v2/customers/cust-1001/", [{ name: "x" }]),
      await post(`/v2/bundle-templates/${s.ids.family}/addons/`, [{ bundle_item: s.ids.familyStreamingItem }]),
    ]) {
      expect(r.status).toBe(400);
      expect(Object.keys(r.body)).toEqual(["non_field_errors"]);
    }
    expect(await countMine()).toBe(before);
  });

  it.each([
    ["a number", "42"],
    ["a string", '"x"'],
    ["null", "null"],
    ["true", "true"],
  ])("a JSON scalar body (%s) → 400", async (_, rawBody) => {
    const r = await post("/v2/customers/", undefined, { rawBody });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["non_field_errors"]);
  });

  it("an empty or whitespace body where one is required → 400 non_field_errors", async () => {
    for (const rawBody of ["", "   \n "]) {
      const r = await post("/v2/customers/", undefined, { rawBody });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body)).toEqual(["non_field_errors"]);
    }
  });

  it("a body over 1 MB → 400 and nothing is created", async () => {
    const before = await countMine();
    const r = await post("/v2/customers/", { reference: "huge-body", metadata: { blob: "x".repeat(1_500_000) } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["non_field_errors"]);
    expect(r.body.non_field_errors[0]).toMatch(/1 MB/);
    expect(await countMine()).toBe(before);
  });

  it("the 1 MB limit counts bytes, not characters", async () => {
    // 700 000 two-byte characters: 1.4 MB on the wire, fewer than a million characters
    const before = await countMine();
    const r = await post("/v2/customers/", { reference: "huge-multibyte", metadata: { blob: "ä".repeat(700_000) } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["non_field_errors"]);
    expect(await countMine()).toBe(before);
  });

  it("a huge malformed body is rejected for its size without being parsed", async () => {
    const r = await post("/v2/customers/", undefined, { rawBody: "[".repeat(2_000_000) });
    expect(r.status).toBe(400);
    expect(r.body.non_field_errors[0]).toMatch(/1 MB/);
  });

  it("a body just under the limit is accepted", async () => {
    const r = await post("/v2/customers/", { reference: "big-but-ok", metadata: { blob: "y".repeat(900_000) } });
    expect(r.status).toBe(201);
    expect(r.body.metadata.blob).toHaveLength(900_000);
  });

  it("validation errors are `{field: [messages]}` with string messages", async () => {
    const r = await post("/v2/customers/", { reference: "", email: "bad", metadata: 3 });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body).sort()).toEqual(["email", "metadata", "reference"]);
    for (const v of Object.values(r.body)) {
      expect(Array.isArray(v)).toBe(true);
      for (const m of v as unknown[]) expect(typeof m).toBe("string");
    }
  });

  it("a missing required field says so", async () => {
    const r = await post("/v2/customers/", { name: "No Reference" });
    expect(r.body).toEqual({ reference: ["This field is required."] });
  });

  it("error responses are JSON", async () => {
    for (const r of [
      await post("/v2/customers/", {}),
      await get("/v2/customers/nobody/"),
      await get("/v2/customers/", { key: null }),
    ]) {
      expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });
});

describe("request ids", () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("every response carries x-request-id: 200, 201, 400, 401, 403, 404", async () => {
    const responses = [
      await get("/v2/catalog/products/"),
      await post("/v2/customers/", { reference: "req-id-cust" }),
      await post("/v2/customers/", {}),
      await get("/v2/catalog/products/", { key: null }),
      await get("/v2/catalog/products/", { key: "pk_test_demo_public" }),
      await get("/v2/catalog/products/999999/"),
      await get("/v2/catalog/products/?page_size=10&page=99"),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 201, 400, 401, 403, 404, 404]);
    const ids = responses.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a client-supplied x-request-id is echoed (capped at 100 characters)", async () => {
    expect(
      (await get("/v2/catalog/products/", { headers: { "x-request-id": "trace-abc-123" } })).headers.get(
        "x-request-id",
      ),
    ).toBe("trace-abc-123");
    expect(
      (await get("/v2/customers/nobody/", { headers: { "x-request-id": "trace-404" } })).headers.get("x-request-id"),
    ).toBe("trace-404");
    const long = "r".repeat(300);
    expect(
      (await get("/v2/catalog/products/", { headers: { "x-request-id": long } })).headers.get("x-request-id"),
    ).toBe(long.slice(0, 100));
  });
});

describe("unexpected errors", () => {
  const boom = (handler: () => Promise<unknown>, auth: "none" | "secret" = "none") =>
    toRouteHandler(
      defineEndpoint({
        method: "POST",
        path: "/v2/test-boom/",
        summary: "test",
        tags: ["Test"],
        auth,
        body: z.object({}).passthrough(),
        handler,
      }),
    );

  const call = async (h: ReturnType<typeof boom>, headers: Record<string, string> = {}) => {
    const res = await h(
      new Request("http://test.local/api/v2/test-boom/", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "{}",
      }),
    );
    const text = await res.text();
    return { status: res.status, text, body: JSON.parse(text), headers: res.headers };
  };

  it("a plain Error → 500 with a generic detail, the request id, and no stack trace or message", async () => {
    const r = await call(
      boom(async () => {
        throw new Error("connection to db-secret-host:5432 failed for user admin");
      }),
      { "x-request-id": "boom-1" },
    );
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ detail: "Internal server error.", request_id: "boom-1" });
    expect(r.headers.get("x-request-id")).toBe("boom-1");
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    expect(r.text).not.toMatch(/db-secret-host|stack|\bat .*\.ts|Error:/);
  });

  it("a TypeError from a bug, and a thrown non-Error value, also give a clean 500", async () => {
    const typeError = await call(boom(async () => (undefined as any).missing.field));
    expect(typeError.status).toBe(500);
    expect(typeError.body.detail).toBe("Internal server error.");
    expect(typeError.body.request_id).toBe(typeError.headers.get("x-request-id"));
    expect(typeError.text).not.toMatch(/missing|TypeError|stack/);

    const thrownString = await call(
      boom(async () => {
        throw "raw string";
      }),
    );
    expect(thrownString.status).toBe(500);
    expect(thrownString.text).not.toContain("raw string");
  });

  it("a handler that fails after authentication still answers 500 (not 4xx) with the request id", async () => {
    const h = boom(async () => {
      throw new RangeError("kaboom");
    }, "secret");
    const r = await call(h, { authorization: "Api-Key sk_test_demo_secret" });
    expect(r.status).toBe(500);
    expect(r.body.detail).toBe("Internal server error.");
    expect(r.text).not.toContain("kaboom");
    // and without a key the same handler is never reached
    expect((await call(h)).status).toBe(401);
  });

  it("domain errors map to their statuses and bodies", async () => {
    const conflict = await call(
      boom(async () => {
        throw new DomainError("conflict", "Already processing.");
      }),
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({ detail: "Already processing." });

    const noChange = await call(
      boom(async () => {
        throw new DomainError(
          "validation",
          "Nothing to change.",
          { non_field_errors: ["Nothing to change."] },
          "no_change",
        );
      }),
    );
    expect(noChange.status).toBe(400);
    expect(noChange.body).toEqual({ non_field_errors: ["Nothing to change."], code: "no_change" });

    const notFound = await call(
      boom(async () => {
        throw new DomainError("not_found", "Not found.");
      }),
    );
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual({ detail: "Not found." });
  });
});
