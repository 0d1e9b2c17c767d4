// An export as a stream of bytes: the kind's filters checked first (a bad one is a 400 before anything is
// sent), then one keyset batch at a time (the next read while the current one is written), so memory stays
// that of two batches whatever the size. Batches are separate reads: rows written during a long export may or
// may not appear, none appears twice.
import type { Ctx } from "@/server/domain/context";
import { invalidFields, notFound } from "@/server/domain/errors";
import { zodFieldErrors } from "@/server/inputChecks";
import { localTimeFormatter, rowWriter } from "./encode";
import type { Batch, ExportKind } from "./kind";
import { type ExportFormat, exportKind } from "./registry";

export const EXPORT_BATCH_SIZE = 2_000;

export interface ExportFile {
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8; header=present",
  jsonl: "application/x-ndjson; charset=utf-8",
};

/** The kind's filters read from a query (every value a string); unknown names are ignored. 400 on a bad one. */
export function exportFilters(kind: ExportKind, query: Record<string, string>): unknown {
  const parsed = kind.filters.safeParse(query);
  if (!parsed.success) throw invalidFields(zodFieldErrors(parsed.error));
  return parsed.data;
}

/** An export of the account's rows of kind `name` (404 when there is no such kind). */
export async function startExport(
  ctx: Ctx,
  input: { kind: string; format: ExportFormat; query: Record<string, string>; batchSize?: number },
): Promise<ExportFile> {
  const kind = exportKind(input.kind);
  if (!kind) throw notFound();
  const filters = exportFilters(kind, input.query);
  const account = await ctx.db.account.findUniqueOrThrow({
    where: { id: ctx.accountId },
    select: { displayTimezone: true },
  });
  const zone = account.displayTimezone;
  const day = localTimeFormatter(zone)(ctx.clock.now()).slice(0, 10);
  return {
    filename: `${input.kind}-${day}.${input.format}`,
    contentType: CONTENT_TYPES[input.format],
    body: batchStream(ctx, kind, filters, input.format, zone, input.batchSize ?? EXPORT_BATCH_SIZE),
  };
}

function batchStream(
  ctx: Ctx,
  kind: ExportKind,
  filters: unknown,
  format: ExportFormat,
  zone: string,
  size: number,
): ReadableStream<Uint8Array> {
  const writer = rowWriter(kind.columns, format, zone);
  const encoder = new TextEncoder();
  let pending: Promise<Batch<unknown>> | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          pending = kind.batch(ctx, filters, null, size);
          if (writer.header) {
            controller.enqueue(encoder.encode(writer.header));
            return;
          }
        }
        if (!pending) return controller.close();
        const batch = await pending;
        // the next batch is read while this one is encoded and sent
        pending = batch.next === null ? null : kind.batch(ctx, filters, batch.next, size);
        let text = "";
        for (const row of batch.rows) text += writer.write(row);
        if (text) controller.enqueue(encoder.encode(text));
        if (!pending) controller.close();
      },
      cancel() {
        // the client went away: let a read in flight finish unobserved
        pending?.catch(() => {});
        pending = null;
      },
    },
    { highWaterMark: 0 },
  );
}
