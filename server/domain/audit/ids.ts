// The ids worth keeping from a request or a response for the audit trail: top-level `id`, `*_id`,
// `reference`/`*_reference`, versions and roles. Tokens and amounts are left out (tokens are capabilities).
const ID_KEY = /^(id|reference|version|role)$|_(id|reference|version|role)$/;

export function idsOf(value: unknown): Record<string, string | number> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (!ID_KEY.test(key) || key.endsWith("token")) continue;
    if (typeof v === "number" && Number.isFinite(v)) out[key] = v;
    else if (typeof v === "string" && v.length <= 200) out[key] = v;
  }
  return out;
}
