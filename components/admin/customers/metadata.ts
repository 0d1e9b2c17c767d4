// Metadata edited as a JSON object in a textarea: parsed in the browser, checked again by the server.
export function parseMetadata(raw: string): { value?: Record<string, unknown>; error?: string } {
  const t = raw.trim();
  if (!t) return { value: {} };
  try {
    const v: unknown = JSON.parse(t);
    if (v && typeof v === "object" && !Array.isArray(v)) return { value: v as Record<string, unknown> };
  } catch {
    /* reported below */
  }
  return { error: 'Enter a JSON object, e.g. {"plan": "gold"}.' };
}

export const metadataText = (m: Record<string, unknown> | undefined) =>
  m && Object.keys(m).length ? JSON.stringify(m, null, 2) : "";
