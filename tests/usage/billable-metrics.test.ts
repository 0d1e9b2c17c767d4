// Billable metrics through the REST API: create, list, read, update, archive, validation, and another
// account's metric answering 404.
import { describe, expect, it } from "vitest";
import { get, patch, post, seed, setRequestTime } from "@/tests/helpers";

const OTHER = { key: "sk_test_other_secret" };
let n = 0;
const code = (base: string) => `${base}-${++n}`;

async function created(body: Record<string, unknown>) {
  const r = await post("/v2/billable-metrics/", body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

describe("billable metrics", () => {
  it("creates, reads, lists, updates and archives", async () => {
    await seed();
    setRequestTime("2026-03-01T10:00:00Z");
    const m = await created({
      code: code("api_calls"),
      name: "API calls",
      aggregation: "count",
      filters: { region: "eu", tier: ["silver", "gold", "gold"] },
    });
    expect(m).toMatchObject({
      name: "API calls",
      description: "",
      aggregation: "count",
      field_name: null,
      filters: { region: ["eu"], tier: ["gold", "silver"] },
      archived: false,
      archived_at: null,
      created_at: "2026-03-01T10:00:00.000Z",
    });
    expect((await get(`/v2/billable-metrics/${m.id}/`)).body).toEqual(m);
    const listed = await get(`/v2/billable-metrics/?code=${m.code}`);
    expect(listed.body).toEqual([m]);
    const paged = await get("/v2/billable-metrics/?page_size=1");
    expect(paged.body).toMatchObject({ results: [{ id: m.id }] });

    const changed = await patch(`/v2/billable-metrics/${m.id}/`, {
      name: "Calls",
      aggregation: "sum",
      field_name: "calls",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ name: "Calls", aggregation: "sum", field_name: "calls", code: m.code });

    setRequestTime("2026-03-02T10:00:00Z");
    const archived = await post(`/v2/billable-metrics/${m.id}/archive/`);
    expect(archived.body).toMatchObject({ archived: true, archived_at: "2026-03-02T10:00:00.000Z" });
    expect((await get(`/v2/billable-metrics/?code=${m.code}`)).body).toEqual([]);
    expect((await get(`/v2/billable-metrics/?code=${m.code}&archived=true`)).body).toHaveLength(1);
    expect((await get(`/v2/billable-metrics/?code=${m.code}&archived=all`)).body).toHaveLength(1);
  });

  it("answers 400 with field messages for bad input, never 500", async () => {
    await seed();
    const bad = async (body: unknown) => {
      const r = await post("/v2/billable-metrics/", body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      return r.body;
    };
    expect(await bad({ code: "x y", name: "", aggregation: "avg" })).toEqual({
      code: ["1 to 100 letters, digits, '_', '-', '.' or ':'."],
      name: ["This field may not be blank."],
      aggregation: ["Must be one of: count, sum, max, unique_count, latest."],
    });
    expect(await bad({ code: code("gb"), name: "Storage", aggregation: "sum" })).toEqual({
      field_name: ["Required by aggregation sum."],
    });
    expect(await bad({ code: code("c"), name: "Calls", aggregation: "count", field_name: "n" })).toEqual({
      field_name: ["Not used by aggregation count."],
    });
    expect(await bad({ code: code("c"), name: "Calls", aggregation: "count", filters: { region: 5 } })).toHaveProperty(
      "filters",
    );
    expect(await bad({ code: code("c"), name: "Calls", aggregation: "count", extra: 1 })).toEqual({
      extra: ["Unknown field."],
    });
    const m = await created({ code: code("seats"), name: "Seats", aggregation: "max", field_name: "seats" });
    expect(await bad({ code: m.code, name: "Again", aggregation: "count" })).toEqual({
      code: ["A billable metric with this code already exists."],
    });
    const p = await patch(`/v2/billable-metrics/${m.id}/`, { code: "other" });
    expect(p.status).toBe(400);
    expect(p.body).toEqual({ code: ["Unknown field."] });
    const q = await patch(`/v2/billable-metrics/${m.id}/`, { aggregation: "count" });
    expect(q.body).toEqual({ field_name: ["Not used by aggregation count."] });
    expect((await get("/v2/billable-metrics/?archived=maybe")).status).toBe(400);
  });

  it("the same code may exist in another account; another account's metric is a 404", async () => {
    await seed();
    const m = await created({ code: code("shared"), name: "Shared", aggregation: "count" });
    const theirs = await post("/v2/billable-metrics/", { code: m.code, name: "Theirs", aggregation: "count" }, OTHER);
    expect(theirs.status).toBe(201);
    expect((await get(`/v2/billable-metrics/${m.id}/`, OTHER)).status).toBe(404);
    expect((await patch(`/v2/billable-metrics/${m.id}/`, { name: "Mine" }, OTHER)).status).toBe(404);
    expect((await post(`/v2/billable-metrics/${m.id}/archive/`, undefined, OTHER)).status).toBe(404);
    expect((await get(`/v2/billable-metrics/?code=${m.code}`, OTHER)).body.map((x: any) => x.id)).toEqual([
      theirs.body.id,
    ]);
    expect((await get("/v2/billable-metrics/999999/")).status).toBe(404);
  });
});
