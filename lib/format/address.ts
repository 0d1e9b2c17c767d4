// A billing address as the lines a receipt prints (the portal's billing details; pure, for the page and the PDF).
export function addressLines(a: Record<string, string | undefined> | null | undefined): string[] {
  if (!a) return [];
  const cityLine = [a.postal_code, a.city].filter(Boolean).join(" ");
  return [a.line1, a.line2, cityLine, a.state, a.country].filter((l): l is string => !!l && l.trim() !== "");
}
