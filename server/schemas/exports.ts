// The export routes' query as the OpenAPI document shows it: `format` and every filter any kind takes (each
// kind then reads its own with the list page's schema, domain/exports/registry.ts), and the path's kind.
import { z } from "zod";
import { EXPORT_FORMATS, EXPORT_KIND_NAMES, EXPORT_KINDS } from "@/server/domain/exports/registry";

const formatQuery = z
  .enum(EXPORT_FORMATS, { error: `Must be one of: ${EXPORT_FORMATS.join(", ")}.` })
  .default("csv")
  .meta({ description: "`csv` (RFC 4180, a header row, CRLF) or `jsonl` (one JSON object per line)" });

/** The filter names of a kind: its schema's keys (a `fromQuery` schema wraps the list's object in a pipe). */
function filterNames(schema: z.ZodType): string[] {
  const inner = schema instanceof z.ZodPipe ? schema.out : schema;
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
}

const kindsByFilter = new Map<string, string[]>();
for (const name of EXPORT_KIND_NAMES)
  for (const filter of filterNames(EXPORT_KINDS[name].filters))
    kindsByFilter.set(filter, [...(kindsByFilter.get(filter) ?? []), name]);

export const exportQuery = z.object({
  format: formatQuery,
  ...Object.fromEntries(
    [...kindsByFilter].map(([filter, kinds]) => [
      filter,
      z
        .string()
        .optional()
        .meta({ description: `A filter of the list page of: ${kinds.join(", ")} (ignored by the other kinds)` }),
    ]),
  ),
});

export const exportParams = z.object({
  kind: z
    .enum(EXPORT_KIND_NAMES, { error: "Not found." })
    .meta({ description: EXPORT_KIND_NAMES.map((k) => `\`${k}\`: ${EXPORT_KINDS[k].description}`).join(" ") }),
});

export const exportFormatQuery = z.object({ format: formatQuery });
