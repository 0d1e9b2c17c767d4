// Exports (domain/exports, GET /v2/exports/{kind}/, the console's /admin/exports/{kind}): the rows equal the
// list's, CSV survives hostile text (a parser written here reads it back), another account's rows never
// appear, every role may download, and a bad filter is the spec's 400.
import { encode, type JWT } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as consoleExport } from "@/app/admin/exports/[kind]/route";
import { GET as restExport } from "@/app/api/v2/exports/[kind]/route";
import { createApiKey as makeKey } from "@/server/domain/auth/apiKeys";
import { listContractsForConsole } from "@/server/domain/consoleLists/contractList";
import { listRunsForConsole } from "@/server/domain/consoleLists/runList";
import { csvField, localTimeFormatter } from "@/server/domain/exports/encode";
import { EXPORT_KIND_NAMES } from "@/server/domain/exports/registry";
import { startExport } from "@/server/domain/exports/stream";
import { getSecret } from "@/server/secrets";
import { NOW, type Portfolio, seedPortfolio } from "@/tests/console/_portfolio";
import { ctxFor, db } from "@/tests/helpers";
import { checkAnswer } from "@/tests/openapi-check";

/** RFC 4180 reader: quoted fields with doubled quotes, commas and line breaks inside, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") record.push(field), (field = "");
    else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(field), records.push(record), (record = []), (field = ""), i++;
    } else field += ch;
  }
  if (field || record.length) record.push(field), records.push(record);
  return records;
}

const asObjects = (rows: string[][]) => rows.slice(1).map((r) => Object.fromEntries(rows[0].map((h, i) => [h, r[i]])));

let p: Portfolio;
const ctx = () => ctxFor(p.accountId, NOW);
let apiKey: string;
let otherKey: string;

async function exportText(kind: string, query: Record<string, string> = {}, format: "csv" | "jsonl" = "csv") {
  const file = await startExport(ctx(), { kind, format, query, batchSize: 3 });
  return { file, text: await new Response(file.body).text() };
}

/** A REST call straight to the route file, with the answer checked against the document. */
async function rest(path: string, key = apiKey) {
  const url = new URL(`http://test.local/api/v2/exports/${path}`);
  const kind = url.pathname.split("/")[4];
  const res = await restExport(new Request(url, { headers: { authorization: `Api-Key ${key}` } }), {
    params: Promise.resolve({ kind }),
  });
  const text = await res.text();
  const type = res.headers.get("content-type");
  checkAnswer(
    "GET",
    "/v2/exports/{kind}/",
    res.status,
    type,
    type?.startsWith("application/json") ? JSON.parse(text) : null,
  );
  return { status: res.status, text, headers: res.headers };
}

async function sessionCookie(userId: number, accountId: number) {
  const token = await encode({
    token: { userId, accountId, sv: 0, signedInAt: Date.now() } as JWT,
    secret: await getSecret("auth"),
    maxAge: 3600,
  });
  return `next-auth.session-token=${encodeURIComponent(token)}`;
}

async function download(kind: string, query: string, cookie?: string) {
  const res = await consoleExport(
    new Request(`http://test.local/admin/exports/${kind}?${query}`, { headers: cookie ? { cookie } : {} }),
    { params: Promise.resolve({ kind }) },
  );
  return { status: res.status, text: await res.text(), headers: res.headers };
}

beforeAll(async () => {
  p = await seedPortfolio();
  apiKey = (await makeKey(db(), p.accountId, "secret", "exports")).key;
  otherKey = (await makeKey(db(), p.otherAccountId, "secret", "exports other")).key;
  await db().account.update({ where: { id: p.accountId }, data: { displayTimezone: "Europe/Helsinki" } });
  // hostile text: commas, quotes, line breaks and formula starts
  await db().customer.create({
    data: {
      accountId: p.accountId,
      reference: '=HYPERLINK("http://evil","x")',
      name: 'Smith, "Jr"\r\nsecond line',
      email: "+1@example.com",
      metadata: { note: "-2+3", tab: "\tx" },
    },
  });
  await db().customer.create({ data: { accountId: p.accountId, reference: "@sum", name: "-minus" } });
  // a receipt and a credit note on the succeeded run r1
  await db().billingRun.update({
    where: { id: p.runs.r1 },
    data: { receiptNumber: 7, receiptIssuedAt: new Date("2026-06-01T00:05:00Z") },
  });
  const run = await db().billingRun.findUniqueOrThrow({ where: { id: p.runs.r1 } });
  await db().creditNote.create({
    data: {
      accountId: p.accountId,
      runId: run.id,
      contractId: run.contractId,
      customerId: run.customerId,
      number: 3,
      issuedAt: new Date("2026-06-02T10:00:00Z"),
      currency: run.currency,
      kind: "refund",
      reason: "=1+1",
      subtotal: "-5.0000",
      tax: "0",
      total: "-5.0000",
      refundAmount: "5.0000",
      creditAmount: "0",
      createdAt: new Date("2026-06-02T10:00:00Z"),
    },
  });
});

describe("CSV encoding", () => {
  it("quotes per RFC 4180 and neutralises formulas, but leaves plain numbers", () => {
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+33 1 23")).toBe("'+33 1 23");
    expect(csvField("@x")).toBe("'@x");
    expect(csvField("\tx")).toBe("'\tx");
    expect(csvField("\rx")).toBe('"\'\rx"');
    expect(csvField("-12.5000")).toBe("-12.5000");
    expect(csvField("-1-1")).toBe("'-1-1");
  });
  it("writes local times with the zone's offset, across a DST change", () => {
    const local = localTimeFormatter("Europe/Helsinki");
    expect(local(new Date("2026-03-29T00:59:59Z"))).toBe("2026-03-29T02:59:59+02:00");
    expect(local(new Date("2026-03-29T01:00:00Z"))).toBe("2026-03-29T04:00:00+03:00");
    expect(local(new Date("2026-01-01T00:00:00Z"))).toBe("2026-01-01T02:00:00+02:00");
    expect(localTimeFormatter("America/St_Johns")(new Date("2026-01-01T00:00:00Z"))).toBe("2025-12-31T20:30:00-03:30");
  });
});

describe("export content", () => {
  it("contracts: the list's rows (count and ids), in several batches, with UTC and local instants", async () => {
    const list = await listContractsForConsole(ctx(), { page: 1, pageSize: 100 });
    const { file, text } = await exportText("contracts");
    expect(file.contentType).toMatch(/^text\/csv/);
    expect(file.filename).toBe("contracts-2026-06-15.csv");
    const rows = parseCsv(text);
    expect(rows[0].slice(0, 4)).toEqual(["id", "customer_id", "customer_reference", "customer_name"]);
    expect(rows[0]).toContain("created_at_local");
    expect(rows.length - 1).toBe(list.count);
    const records = asObjects(rows);
    expect(records.map((r) => Number(r.id)).sort()).toEqual(list.results.map((r) => r.id).sort());
    for (const listed of list.results) {
      const row = records.find((r) => Number(r.id) === listed.id)!;
      expect(row.service_state).toBe(listed.service_state);
      expect(row.created_at).toBe(listed.created_at);
      expect(row.created_at_local).toBe(localTimeFormatter("Europe/Helsinki")(new Date(listed.created_at)));
    }
  });

  it("contracts with filters and search: the same rows as the list with them", async () => {
    for (const [query, filters, search] of [
      [{ state: "canceled,ended" }, { state: ["canceled", "ended"] }, undefined],
      [{ customer: "bob-002" }, { customer: "bob-002" }, undefined],
      [{ attention: "true" }, { attention: true }, undefined],
      [{ service_state: "past_due" }, { service_state: "past_due" }, undefined],
      [{ q: "alice" }, {}, "alice"],
    ] as const) {
      const list = await listContractsForConsole(ctx(), { page: 1, pageSize: 100, filters: filters as never, search });
      const rows = asObjects(parseCsv((await exportText("contracts", query as Record<string, string>)).text));
      expect(rows.map((r) => Number(r.id)).sort(), JSON.stringify(query)).toEqual(list.results.map((r) => r.id).sort());
    }
  });

  it("billing runs: the list's runs with exact amounts and a currency column; receipts and credit notes numbered", async () => {
    const list = await listRunsForConsole(ctx(), { page: 1, pageSize: 100 });
    const runs = asObjects(parseCsv((await exportText("billing-runs")).text));
    expect(runs.length).toBe(list.count);
    const r1 = runs.find((r) => Number(r.id) === p.runs.r1)!;
    expect(r1).toMatchObject({ total: "28.0000", currency: "EUR", receipt_number: "R-000007", state: "succeeded" });
    const failed = asObjects(parseCsv((await exportText("billing-runs", { state: "failed" })).text));
    expect(failed.map((r) => Number(r.id))).toEqual([p.runs.r2]);

    const receipts = asObjects(parseCsv((await exportText("receipts")).text));
    expect(receipts).toEqual([
      expect.objectContaining({ receipt_number: "R-000007", billing_run_id: String(p.runs.r1) }),
    ]);
    expect(receipts[0].issued_at).toBe("2026-06-01T00:05:00.000Z");
    expect(receipts[0].issued_at_local).toBe("2026-06-01T03:05:00+03:00");

    const notes = asObjects(parseCsv((await exportText("credit-notes")).text));
    expect(notes).toEqual([
      expect.objectContaining({ number: "CN-000003", total: "-5.0000", reason: "'=1+1", receipt_number: "R-000007" }),
    ]);
    expect(asObjects(parseCsv((await exportText("credit-notes", { kind: "credit" })).text))).toEqual([]);
  });

  it("CSV with commas, quotes, line breaks and formula starts round-trips; JSON lines keep the raw values", async () => {
    const rows = asObjects(parseCsv((await exportText("customers", { q: "example.com" })).text));
    const hostile = rows.find((r) => r.email === "'+1@example.com")!;
    expect(hostile.reference).toBe('\'=HYPERLINK("http://evil","x")');
    expect(hostile.name).toBe('Smith, "Jr"\r\nsecond line');
    expect(JSON.parse(hostile.metadata)).toEqual({ note: "-2+3", tab: "\tx" });
    const all = asObjects(parseCsv((await exportText("customers")).text));
    expect(all.find((r) => r.reference === "'@sum")?.name).toBe("'-minus");

    const { file, text } = await exportText("customers", {}, "jsonl");
    expect(file.contentType).toMatch(/^application\/x-ndjson/);
    const lines = text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.length).toBe(all.length);
    expect(lines.find((l) => l.email === "+1@example.com")).toMatchObject({
      reference: '=HYPERLINK("http://evil","x")',
      metadata: { note: "-2+3", tab: "\tx" },
    });
  });

  it("every kind answers a header row and only the account's rows", async () => {
    for (const kind of EXPORT_KIND_NAMES) {
      const { text } = await exportText(kind);
      const rows = parseCsv(text);
      expect(rows[0].length, kind).toBeGreaterThan(2);
      const body = rows.slice(1).flat().join("|");
      expect(body, kind).not.toContain("other-cust");
      for (const id of Object.values(p.other))
        expect(
          rows.slice(1).map((r) => r[0]),
          kind,
        ).not.toContain(String(id));
    }
  });
});

describe("REST and console download", () => {
  it("REST: streams CSV with a download name; another account's key sees none of these rows", async () => {
    const mine = await rest("contracts/?format=csv&state=active");
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-disposition")).toMatch(/attachment; filename="contracts-\d{4}-\d{2}-\d{2}\.csv"/);
    const active = await listContractsForConsole(ctx(), { page: 1, pageSize: 100, filters: { state: "active" } });
    expect(parseCsv(mine.text).length - 1).toBe(active.count);
    const theirs = asObjects(parseCsv((await rest("contracts/", otherKey)).text));
    for (const id of Object.values(p.c)) expect(theirs.map((r) => Number(r.id))).not.toContain(id);
  });

  it("REST: a bad filter or format is a 400 naming it; an unknown kind is a 404", async () => {
    const bad = await rest("contracts/?state=sleeping");
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toEqual({ state: [expect.stringContaining("Must be one of")] });
    const date = await rest("billing-runs/?scheduled_from=yesterday");
    expect(date.status).toBe(400);
    expect(Object.keys(JSON.parse(date.text))).toEqual(["scheduled_from"]);
    expect((await rest("contracts/?format=xlsx")).status).toBe(400);
    expect((await rest("invoices/")).status).toBe(404);
  });

  it("console: a read-only user downloads; no session is a 401; the account is the session's", async () => {
    const viewer = await db().user.create({
      data: {
        accountId: p.accountId,
        email: `viewer-${Date.now()}@console.test`,
        name: "V",
        passwordHash: "x",
        role: "read_only",
      },
    });
    const res = await download(
      "billing-runs",
      "format=csv&state=succeeded",
      await sessionCookie(viewer.id, p.accountId),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const rows = parseCsv(res.text);
    expect(rows.length - 1).toBe(2);
    expect((await download("billing-runs", "format=csv")).status).toBe(401);
    // a token naming another account than the user's opens nothing
    expect((await download("contracts", "", await sessionCookie(viewer.id, p.otherAccountId))).status).toBe(401);
    const bad = await download("contracts", "currency=EURO", await sessionCookie(viewer.id, p.accountId));
    expect(bad.status).toBe(400);
    expect(Object.keys(JSON.parse(bad.text))).toEqual(["currency"]);
  });
});
