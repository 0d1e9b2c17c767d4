// Exports of the console's lists as CSV or JSON lines, streamed: REST for API keys (in the registry and the
// document) and the console's download, authenticated by the seller's session (every role may export).

import { sessionFromRequest } from "@/server/auth/session";
import { accountCtx } from "@/server/domain/accountContext";
import { DomainError } from "@/server/domain/errors";
import { type ExportFile, startExport } from "@/server/domain/exports/stream";
import { loadConsoleUser } from "@/server/domain/users/roles";
import { defineEndpoint } from "@/server/http/endpoint";
import { replicaCtx } from "@/server/replica";
import { exportFormatQuery, exportParams, exportQuery } from "@/server/schemas/exports";

/** The streamed answer: the file's type, a download name, never cached. */
export function exportResponse(file: ExportFile, headers: Record<string, string> = {}): Response {
  return new Response(file.body, {
    status: 200,
    headers: {
      ...headers,
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** The query as received (each name's last value, as the wrapper reads it), for the kind's own filters. */
const rawQuery = (url: URL) => Object.fromEntries(url.searchParams);

const DESCRIPTION =
  "The rows a console list shows, with the same filters (the list page's query parameters), as one streamed file: every row of the account, however many, read in keyset batches. Money is an exact decimal string beside a `currency` column; every instant is two columns, `x` in ISO 8601 UTC and `x_local` in the account's display time zone with its offset. CSV cells that a spreadsheet would run as a formula (starting with = + - @, tab or CR, other than plain numbers) are prefixed with a single quote. A bad filter is a 400 before anything is sent.";

export const exportEndpoints = [
  defineEndpoint({
    method: "GET",
    replica: true,
    path: "/v2/exports/{kind}/",
    summary: "Export a list as CSV or JSON lines (streamed)",
    tags: ["Exports"],
    extension: true,
    params: exportParams,
    query: exportQuery,
    alternateMedia: {
      "text/csv": { type: "string", description: "RFC 4180 with a header row" },
      "application/x-ndjson": { type: "string", description: "One JSON object per line" },
    },
    description: DESCRIPTION,
    handler: async (ctx, { params, query, url }) =>
      exportResponse(await startExport(ctx, { kind: params.kind, format: query.format, query: rawQuery(url) })),
  }),
];

/** Cookies of a request as name → value (next-auth reads its session token from them). */
function cookiesOf(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) out[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return out;
}

/**
 * The console's download (`/admin/exports/{kind}?format=…&<list filters>`): a plain route handler, not tRPC,
 * so the file streams. The session names the account; a signed-out or removed user is a 401.
 */
export const consoleExportEndpoint = defineEndpoint({
  method: "GET",
  path: "/admin/exports/{kind}",
  summary: "Console export download",
  tags: ["Console"],
  auth: "none",
  params: exportParams,
  query: exportFormatQuery,
  handler: async (ctx, { params, query, req, url }) => {
    const session = await sessionFromRequest({ headers: Object.fromEntries(req.headers), cookies: cookiesOf(req) });
    const user = session && (await loadConsoleUser(ctx.db, session.userId, session.accountId));
    if (!user) throw new DomainError("unauthenticated", "Sign in to continue.");
    const seller = await replicaCtx({ ...(await accountCtx(ctx.db, user.accountId, ctx.clock)), baseUrl: ctx.baseUrl });
    return exportResponse(await startExport(seller, { kind: params.kind, format: query.format, query: rawQuery(url) }));
  },
});
