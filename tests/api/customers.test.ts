// Customer endpoints (an extension of the spec: customers are addressed by `customer_reference`).
import { beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { db, get, patch, post, seed } from "@/tests/helpers";
import { expect400, expectFields, expectPage, linkParams } from "./_util";

let s: SeedResult;
beforeAll(async () => {
  s = await seed();
});

const CUSTOMER_FIELDS = {
  id: "int",
  reference: "string",
  name: "string?",
  email: "string?",
  metadata: "object",
  created_at: "iso",
  updated_at: "iso",
} as const;
const row = (reference: string, accountId = s.accountId) =>
  db().customer.findUnique({ where: { accountId_reference: { accountId, reference } } });
const countMine = () => db().customer.count({ where: { accountId: s.accountId } });

describe("list and read", () => {
  it("lists the account's customers in id order with every field", async () => {
    const r = await get("/v2/customers/");
    expect(r.status).toBe(200);
    expect(r.body.map((c: any) => c.reference)).toEqual(["cust-1001", "cust-1002", "cust-1003"]);
    for (const c of r.body) expectFields(c, CUSTOMER_FIELDS, "customer");
    expect(r.body[0]).toMatchObject({
      reference: "cust-1001",
      name: "Alice Example",
      email: "alice@example.com",
      metadata: {},
    });
  });

  it("filters by reference and by email (case-insensitive)", async () => {
    expect((await get("/v2/customers/?reference=cust-1002")).body.map((c: any) => c.name)).toEqual(["Bob Example"]);
    expect((await get("/v2/customers/?email=CAROL@example.com")).body.map((c: any) => c.reference)).toEqual([
      "cust-1003",
    ]);
    expect((await get("/v2/customers/?reference=nope")).body).toEqual([]);
  });

  it("paginates", async () => {
    const r = await get("/v2/customers/?page_size=2");
    expectPage(r.body);
    expect(r.body.count).toBe(3);
    expect(r.body.results.map((c: any) => c.reference)).toEqual(["cust-1001", "cust-1002"]);
    expect(linkParams(r.body.next)).toEqual({ page_size: "2", page: "2" });
    const last = await get("/v2/customers/?page_size=2&page=2");
    expect(last.body.results.map((c: any) => c.reference)).toEqual(["cust-1003"]);
    expect(last.body.next).toBeNull();
    expect((await get("/v2/customers/?page_size=2&page=3")).status).toBe(404);
    expect400(await get("/v2/customers/?page_size=abc"), "page_size");
  });

  it("reads one customer by reference", async () => {
    const r = await get("/v2/customers/cust-1002/");
    expect(r.status).toBe(200);
    expectFields(r.body, CUSTOMER_FIELDS, "customer");
    expect(r.body).toMatchObject({ reference: "cust-1002", name: "Bob Example", email: "bob@example.com" });
  });

  it("an unknown reference → 404", async () => {
    const r = await get("/v2/customers/nobody/");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
  });

  it("another account's customer → 404 (read and patch)", async () => {
    expect(await get("/v2/customers/other-cust-1/")).toMatchObject({ status: 404, body: { detail: "Not found." } });
    expect(await patch("/v2/customers/other-cust-1/", { name: "x" })).toMatchObject({
      status: 404,
      body: { detail: "Not found." },
    });
    expect((await row("other-cust-1", s.otherAccountId))?.name).toBe("Other Customer");
  });
});

describe("create", () => {
  it("creates a customer → 201 with the record", async () => {
    const r = await post("/v2/customers/", {
      reference: "cust-2001",
      name: "Dana",
      email: "dana@example.com",
      metadata: { tier: "gold", n: 1 },
    });
    expect(r.status).toBe(201);
    expectFields(r.body, CUSTOMER_FIELDS, "customer");
    expect(r.body).toMatchObject({
      reference: "cust-2001",
      name: "Dana",
      email: "dana@example.com",
      metadata: { tier: "gold", n: 1 },
    });
    expect(r.headers.get("content-type")).toMatch(/application\/json/);
    const stored = await row("cust-2001");
    expect(stored?.id).toBe(r.body.id);
    expect(stored?.accountId).toBe(s.accountId);
    expect((await get("/v2/customers/cust-2001/")).body).toEqual(r.body);
  });

  it("only the reference is required; the rest default to null / {}", async () => {
    const r = await post("/v2/customers/", { reference: "cust-2002" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ reference: "cust-2002", name: null, email: null, metadata: {} });
  });

  it("a duplicate reference → 400 `reference` and no second record", async () => {
    const before = await countMine();
    const r = await post("/v2/customers/", { reference: "cust-1001", name: "Impostor" });
    expect400(r, "reference");
    expect(await countMine()).toBe(before);
    expect((await row("cust-1001"))?.name).toBe("Alice Example");
  });

  it("the reference is trimmed, so a padded duplicate is still a duplicate", async () => {
    const before = await countMine();
    expect400(await post("/v2/customers/", { reference: "  cust-1001  " }), "reference");
    expect(await countMine()).toBe(before);
  });

  it.each([
    ["missing", {}],
    ["blank", { reference: "" }],
    ["whitespace", { reference: "   " }],
    ["a number", { reference: 1001 }],
    ["null", { reference: null }],
    ["with a slash", { reference: "a/b" }],
    ["with a space", { reference: "a b" }],
    ["too long", { reference: "r".repeat(201) }],
  ])("reference %s → 400 `reference`", async (_, body) => {
    const before = await countMine();
    expect400(await post("/v2/customers/", body), "reference");
    expect(await countMine()).toBe(before);
  });

  it.each([
    ["blank", ""],
    ["no at-sign", "not-an-email"],
    ["no domain", "a@"],
    ["a number", 5],
  ])("email %s → 400 `email` and nothing created", async (label, email) => {
    const reference = `bad-email-${label.replace(/\W/g, "")}`;
    expect400(await post("/v2/customers/", { reference, email }), "email");
    expect(await row(reference)).toBeNull();
  });

  it("null email is allowed", async () => {
    const r = await post("/v2/customers/", { reference: "cust-2003", email: null });
    expect(r.status).toBe(201);
    expect(r.body.email).toBeNull();
  });

  it("metadata must be an object", async () => {
    expect400(await post("/v2/customers/", { reference: "cust-meta-bad", metadata: ["a"] }), "metadata");
    expect400(await post("/v2/customers/", { reference: "cust-meta-bad", metadata: "x" }), "metadata");
    expect(await row("cust-meta-bad")).toBeNull();
  });

  it("a missing body → 400", async () => {
    const r = await post("/v2/customers/");
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["non_field_errors"]);
  });

  it("several errors are reported together", async () => {
    const r = await post("/v2/customers/", { reference: "", email: "nope" });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body).sort()).toEqual(["email", "reference"]);
  });

  it("the new customer is listed", async () => {
    expect((await get("/v2/customers/")).body.map((c: any) => c.reference)).toEqual(
      expect.arrayContaining(["cust-2001", "cust-2002", "cust-2003"]),
    );
  });
});

describe("patch", () => {
  it("updates name and email; other fields unchanged; updated_at moves", async () => {
    await post("/v2/customers/", { reference: "cust-3001", name: "Eve", email: "eve@example.com", metadata: { a: 1 } });
    const before = (await get("/v2/customers/cust-3001/")).body;
    await new Promise((r) => setTimeout(r, 5));
    const r = await patch("/v2/customers/cust-3001/", { name: "Eve Updated", email: "eve2@example.com" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: before.id,
      reference: "cust-3001",
      name: "Eve Updated",
      email: "eve2@example.com",
      metadata: { a: 1 },
      created_at: before.created_at,
    });
    expect(new Date(r.body.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
    expect((await get("/v2/customers/cust-3001/")).body).toEqual(r.body);
  });

  it("fields not sent are left alone; null clears name and email", async () => {
    await post("/v2/customers/", { reference: "cust-3002", name: "Finn", email: "finn@example.com" });
    expect((await patch("/v2/customers/cust-3002/", { email: "finn2@example.com" })).body).toMatchObject({
      name: "Finn",
      email: "finn2@example.com",
    });
    expect((await patch("/v2/customers/cust-3002/", { name: null, email: null })).body).toMatchObject({
      name: null,
      email: null,
    });
  });

  it("metadata is shallow-merged and null removes a key", async () => {
    await post("/v2/customers/", {
      reference: "cust-3003",
      metadata: { keep: "yes", drop: "me", nested: { a: 1, b: 2 } },
    });
    const r = await patch("/v2/customers/cust-3003/", { metadata: { drop: null, added: true, nested: { c: 3 } } });
    expect(r.status).toBe(200);
    // shallow: the nested object is replaced, not merged
    expect(r.body.metadata).toEqual({ keep: "yes", added: true, nested: { c: 3 } });
    const stored = await row("cust-3003");
    expect(stored?.metadata).toEqual({ keep: "yes", added: true, nested: { c: 3 } });
    // removing an absent key is a no-op; an empty object changes nothing
    expect((await patch("/v2/customers/cust-3003/", { metadata: { never_there: null } })).body.metadata).toEqual({
      keep: "yes",
      added: true,
      nested: { c: 3 },
    });
    expect((await patch("/v2/customers/cust-3003/", { metadata: {} })).body.metadata).toEqual({
      keep: "yes",
      added: true,
      nested: { c: 3 },
    });
  });

  it("an empty patch changes nothing", async () => {
    const before = (await get("/v2/customers/cust-1003/")).body;
    const r = await patch("/v2/customers/cust-1003/", {});
    expect(r.status).toBe(200);
    expect({ ...r.body, updated_at: undefined }).toEqual({ ...before, updated_at: undefined });
  });

  it.each([
    ["reference", { reference: "renamed" }],
    ["id", { id: 999 }],
    ["created_at", { created_at: "2020-01-01T00:00:00Z" }],
    ["unknown", { unknown: 1 }],
  ])("a field outside the permitted set (%s) → 400 with that key, nothing changes", async (key, body) => {
    const before = await row("cust-1002");
    const r = await patch("/v2/customers/cust-1002/", { name: "Should Not Stick", ...body });
    expect400(r, key);
    expect(await row("cust-1002")).toEqual(before);
    expect(await row("renamed")).toBeNull();
  });

  it("an invalid email in a patch → 400 and the name in the same request is not applied", async () => {
    const before = await row("cust-1002");
    expect400(await patch("/v2/customers/cust-1002/", { name: "Half Update", email: "" }), "email");
    expect400(await patch("/v2/customers/cust-1002/", { name: "Half Update", email: "nope" }), "email");
    expect(await row("cust-1002")).toEqual(before);
  });

  it("invalid metadata in a patch → 400, nothing changes", async () => {
    const before = await row("cust-1002");
    expect400(await patch("/v2/customers/cust-1002/", { name: "X", metadata: "x" }), "metadata");
    expect400(await patch("/v2/customers/cust-1002/", { metadata: null }), "metadata");
    expect(await row("cust-1002")).toEqual(before);
  });

  it("a missing, malformed or non-object body → 400", async () => {
    const before = await row("cust-1002");
    expect400(await patch("/v2/customers/cust-1002/"), "non_field_errors");
    expect400(await patch("/v2/customers/cust-1002/", undefined, { rawBody: "{name:" }), "non_field_errors");
    expect400(await patch("/v2/customers/cust-1002/", ["name"]), "non_field_errors");
    expect(await row("cust-1002")).toEqual(before);
  });

  it("patching an unknown customer → 404 and nothing is created", async () => {
    const r = await patch("/v2/customers/ghost/", { name: "Ghost" });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
    expect(await row("ghost")).toBeNull();
  });
});
