// Reading <form> values into tRPC inputs; blanks become null so the server decides what is required.
export const text = (f: FormData, name: string): string => String(f.get(name) ?? "").trim();

export const optionalText = (f: FormData, name: string): string | null => text(f, name) || null;

export function optionalInt(f: FormData, name: string): number | null {
  const v = text(f, name);
  return v === "" ? null : Number(v);
}
