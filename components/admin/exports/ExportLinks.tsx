// A list page's downloads: "Export CSV" and "JSON lines" of the rows its filters select (the list's own input,
// written back as the export's query), plus related exports where a page has them (a run's lines, receipts).
// Plain links to /admin/exports/<kind>, a route handler that streams the file: they work before hydration.
import { buttonClass } from "@/components/ui/buttonClass";

export type ExportFilterValue = string | number | boolean | readonly string[] | null | undefined;

/** The export URL of a kind with a list's filters: lists comma-joined, empty values left out. */
export function exportHref(kind: string, filters: Record<string, ExportFilterValue>, format: "csv" | "jsonl") {
  const query = new URLSearchParams({ format });
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === "") continue;
    query.set(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  return `/admin/exports/${kind}?${query}`;
}

export function ExportLinks({
  kind,
  filters,
  what,
  more = [],
}: {
  kind: string;
  filters: Record<string, ExportFilterValue>;
  /** What the rows are, for the links' accessible names ("contracts"). */
  what: string;
  /** Related kinds with the same filters: `{ kind: "receipts", label: "Receipts CSV" }`. */
  more?: { kind: string; label: string }[];
}) {
  const link = buttonClass("secondary", "sm");
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={`export-${kind}`}>
      <a
        href={exportHref(kind, filters, "csv")}
        download
        className={link}
        aria-label={`Export CSV of these ${what}`}
        data-testid="export-csv"
      >
        Export CSV
      </a>
      <a
        href={exportHref(kind, filters, "jsonl")}
        download
        className={link}
        aria-label={`JSON lines of these ${what}`}
        data-testid="export-jsonl"
      >
        JSON lines
      </a>
      {more.map((m) => (
        <a key={m.kind} href={exportHref(m.kind, filters, "csv")} download className={link}>
          {m.label}
        </a>
      ))}
    </div>
  );
}
