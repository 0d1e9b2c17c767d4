// How an export's rows are written: CSV (RFC 4180, spreadsheet-safe) or JSON lines, and the two renderings
// of every instant (UTC, and the account's display zone). Pure: no I/O.
import { DateTime } from "luxon";

/** A cell as a kind's loader produces it; instants become two columns (UTC and local). */
export type Cell = string | number | boolean | null | Date | Record<string, unknown> | unknown[];

/** A column's type says how it is written: money is an exact decimal string beside a `currency` column. */
export type ColumnType = "text" | "int" | "money" | "bool" | "instant" | "json";
export interface Column {
  name: string;
  type: ColumnType;
}

/** Columns as written: every instant column `x` is followed by `x_local` (the account's zone, with its offset). */
export function outputColumns(columns: readonly Column[]): string[] {
  return columns.flatMap((c) => (c.type === "instant" ? [c.name, `${c.name}_local`] : [c.name]));
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field. A text that a spreadsheet would run as a formula (starting with = + - @ tab or CR) is
 * prefixed with a single quote; a plain decimal number ("-12.5000") cannot be a formula and stays as it is,
 * so amounts remain numbers. Fields with a comma, quote or line break are quoted, quotes doubled (RFC 4180).
 */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: readonly string[]) => `${fields.map(csvField).join(",")}\r\n`;

/**
 * An instant in a zone as ISO 8601 local time with its offset ("2026-03-29T03:30:00+03:00"). Offsets are
 * looked up once per 15 minutes of UTC time (luxon is the slow part of a large export) and per instant only
 * where the offset changes inside those 15 minutes.
 */
export function localTimeFormatter(zone: string): (d: Date) => string {
  const offsets = new Map<number, number | null>();
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  return (d) => {
    const ms = d.getTime();
    const slot = Math.floor(ms / 900_000);
    let offset = offsets.get(slot);
    if (offset === undefined) {
      const start = offsetAt(slot * 900_000);
      offset = start === offsetAt(slot * 900_000 + 899_999) ? start : null;
      if (offsets.size > 50_000) offsets.clear();
      offsets.set(slot, offset);
    }
    const minutes = offset ?? offsetAt(ms);
    const local = new Date(ms + minutes * 60_000).toISOString().slice(0, 19);
    const sign = minutes < 0 ? "-" : "+";
    const abs = Math.abs(minutes);
    const hh = String(Math.floor(abs / 60)).padStart(2, "0");
    const mm = String(abs % 60).padStart(2, "0");
    return `${local}${sign}${hh}:${mm}`;
  };
}

/** Turns a kind's rows into text of one format; `header` is the CSV header line (JSON lines have none). */
export function rowWriter(columns: readonly Column[], format: "csv" | "jsonl", zone: string) {
  const local = localTimeFormatter(zone);
  const names = outputColumns(columns);
  // CSV writes a JSON column as its JSON text; JSON lines keep the value
  const plain = (c: Column, v: Cell): Cell => {
    if (v === null || v === undefined) return null;
    if (c.type === "json" && format === "csv") return typeof v === "string" ? v : JSON.stringify(v);
    return v;
  };
  const toValues = (row: readonly Cell[]): Cell[] => {
    const out: Cell[] = [];
    for (let i = 0; i < columns.length; i++) {
      const c = columns[i];
      const v = row[i];
      if (c.type === "instant") {
        const d = v instanceof Date ? v : v === null || v === undefined ? null : new Date(String(v));
        out.push(d ? d.toISOString() : null, d ? local(d) : null);
      } else out.push(plain(c, v));
    }
    return out;
  };
  if (format === "csv")
    return {
      header: csvLine(names),
      write: (row: readonly Cell[]) => csvLine(toValues(row).map((v) => (v === null ? "" : String(v)))),
    };
  return {
    header: "",
    write: (row: readonly Cell[]) => {
      const values = toValues(row);
      const record: Record<string, Cell> = {};
      for (let i = 0; i < names.length; i++) record[names[i]] = values[i];
      return `${JSON.stringify(record)}\n`;
    },
  };
}
