// Billable metrics in the console through the real tRPC router (usage.metrics.*): the same domain functions
// and body schemas as /v2/billable-metrics/. Create, list, update and archive (each audited); a sum without
// its property is a field error on field_name; a read-only user is refused every write and nothing changes;
// another account's metric is NOT_FOUND. Also the console form's reading of the filters text.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { metricFiltersText, parseMetricFilters } from "@/components/admin/usage/metricFilters";
import { zodFieldErrors } from "@/server/inputChecks";
import { consoleAs, databaseFingerprint } from "@/tests/audit/_console";
import { db, seed, useSeed } from "@/tests/helpers";

let viewer: string;
useSeed(seed, (r) => {
  viewer = r.viewer.email;
});

const admin = () => consoleAs("admin@example.com");
let n = 0;
const code = (base: string) => `${base}_${++n}`;

async function failure(p: Promise<unknown>) {
  try {
    await p;
    return "OK";
  } catch (e) {
    if (!(e instanceof TRPCError)) return `not a TRPCError: ${String(e)}`;
    const fields =
      e.cause instanceof ZodError
        ? zodFieldErrors(e.cause)
        : (e.cause as { fields?: Record<string, string[]> } | undefined)?.fields;
    return { code: e.code, fields };
  }
}

describe("usage.metrics router", () => {
  it("creates, lists, updates and archives a metric, each write audited", async () => {
    const caller = await admin();
    const m = await caller.usage.metrics.create({
      code: code("storage"),
      name: "Storage",
      aggregation: "sum",
      field_name: "bytes",
      filters: { region: ["us", "eu"] },
    });
    expect(m).toMatchObject({ name: "Storage", aggregation: "sum", field_name: "bytes", archived: false });
    expect(m.filters).toEqual({ region: ["eu", "us"] });
    expect((await caller.usage.metrics.list()).find((x) => x.id === m.id)).toEqual(m);

    const renamed = await caller.usage.metrics.update({ id: m.id, name: "Stored bytes", aggregation: "max" });
    expect([renamed.name, renamed.aggregation, renamed.field_name]).toEqual(["Stored bytes", "max", "bytes"]);

    const archived = await caller.usage.metrics.archive({ id: m.id });
    expect(archived.archived).toBe(true);
    expect(archived.archived_at).not.toBeNull();
    // archived metrics stay listed (the table shows their state)
    expect((await caller.usage.metrics.list()).find((x) => x.id === m.id)?.archived).toBe(true);

    const audit = await db().auditLog.findMany({
      where: { action: { startsWith: "trpc usage.metrics." } },
      orderBy: { id: "asc" },
    });
    expect(audit.map((a) => [a.action, a.actorLabel, a.targetId])).toEqual([
      ["trpc usage.metrics.create", "admin@example.com", String(m.id)],
      ["trpc usage.metrics.update", "admin@example.com", String(m.id)],
      ["trpc usage.metrics.archive", "admin@example.com", String(m.id)],
    ]);
  });

  it("names the field: a sum without its property, a count with one, a code already taken", async () => {
    const caller = await admin();
    expect(
      await failure(caller.usage.metrics.create({ code: code("bytes"), name: "Bytes", aggregation: "sum" })),
    ).toEqual({ code: "BAD_REQUEST", fields: { field_name: ["Required by aggregation sum."] } });
    expect(
      await failure(
        caller.usage.metrics.create({ code: code("calls"), name: "Calls", aggregation: "count", field_name: "x" }),
      ),
    ).toEqual({ code: "BAD_REQUEST", fields: { field_name: ["Not used by aggregation count."] } });
    const taken = code("calls");
    await caller.usage.metrics.create({ code: taken, name: "Calls", aggregation: "count" });
    expect(await failure(caller.usage.metrics.create({ code: taken, name: "Again", aggregation: "count" }))).toEqual({
      code: "BAD_REQUEST",
      fields: { code: ["A billable metric with this code already exists."] },
    });
    const m = await caller.usage.metrics.create({ code: code("seats"), name: "Seats", aggregation: "count" });
    expect(await failure(caller.usage.metrics.update({ id: m.id, aggregation: "latest" }))).toEqual({
      code: "BAD_REQUEST",
      fields: { field_name: ["Required by aggregation latest."] },
    });
  });

  it("refuses a read-only user every write (FORBIDDEN, nothing changes) and lets them list", async () => {
    const m = await (await admin()).usage.metrics.create({ code: code("calls"), name: "Calls", aggregation: "count" });
    const caller = await consoleAs(viewer);
    const before = await databaseFingerprint();
    const writes: [string, () => Promise<unknown>][] = [
      ["create", () => caller.usage.metrics.create({ code: code("calls"), name: "Calls", aggregation: "count" })],
      ["update", () => caller.usage.metrics.update({ id: m.id, name: "Renamed" })],
      ["archive", () => caller.usage.metrics.archive({ id: m.id })],
    ];
    for (const [name, call] of writes) expect(await failure(call()), name).toMatchObject({ code: "FORBIDDEN" });
    expect(await databaseFingerprint()).toEqual(before);
    expect((await caller.usage.metrics.list()).map((x) => x.id)).toContain(m.id);
  });

  it("answers NOT_FOUND for another account's metric and does not list it", async () => {
    const m = await (await admin()).usage.metrics.create({ code: code("calls"), name: "Calls", aggregation: "count" });
    const other = await consoleAs("other-admin@example.com");
    expect(await failure(other.usage.metrics.update({ id: m.id, name: "Mine" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await failure(other.usage.metrics.archive({ id: m.id }))).toMatchObject({ code: "NOT_FOUND" });
    expect((await other.usage.metrics.list()).map((x) => x.id)).not.toContain(m.id);
    const after = await db().billableMetric.findUniqueOrThrow({ where: { id: m.id } });
    expect([after.name, after.archived]).toEqual(["Calls", false]);
  });
});

describe("the console form's filters", () => {
  it("reads key=value lists and JSON, and says what it cannot read", () => {
    expect(parseMetricFilters("  ")).toEqual({});
    expect(parseMetricFilters("region=eu; region=us\ntier = gold")).toEqual({
      filters: { region: ["eu", "us"], tier: "gold" },
    });
    expect(parseMetricFilters('{"region": ["eu"]}')).toEqual({ filters: { region: ["eu"] } });
    expect(parseMetricFilters("{region")).toMatchObject({ error: expect.stringContaining("JSON") });
    expect(parseMetricFilters("[1]")).toMatchObject({ error: expect.stringContaining("key=value") });
    expect(parseMetricFilters("region")).toEqual({ error: "“region” is not key=value." });
    expect(metricFiltersText({ region: ["eu", "us"], tier: "gold" })).toBe("region = eu or us; tier = gold");
  });
});
