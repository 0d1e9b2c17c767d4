// Reading the sales channel form into the REST body's shape (the server validates every value).
import { text } from "@/components/ui/formData";

export const CHANNEL_FIELDS = [
  "name",
  "offer",
  "allowed_origins",
  "processor_ids",
  "theme",
  "terms",
  "active",
  "metadata",
] as const;

/** The JSON the seller typed, or the raw text (the server then says "A JSON object ... is required"). */
function json(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

type Json = Record<string, unknown>;

/** `base` with the form's keys set, or removed when left empty (keys the form does not show are kept). */
function withKeys(base: Json, values: Record<string, string>): Json {
  const out = { ...base };
  for (const [k, v] of Object.entries(values))
    if (v === "") delete out[k];
    else out[k] = v;
  return out;
}

export function channelBodyOf(f: FormData, base: { theme?: Json; terms?: Json } = {}) {
  const theme = withKeys(base.theme ?? {}, {
    logo_url: text(f, "theme_logo_url"),
    font_family: text(f, "theme_font_family"),
  });
  const colors = withKeys((theme.colors as Json | undefined) ?? {}, { primary: text(f, "theme_primary") });
  if (Object.keys(colors).length) theme.colors = colors;
  else delete theme.colors;
  return {
    name: text(f, "name"),
    offer: json(text(f, "offer")) as Record<string, unknown>,
    allowed_origins: text(f, "allowed_origins").split(/\s+/).filter(Boolean),
    processor_ids: f.getAll("processor_ids").map((v) => Number(v)),
    theme,
    terms: withKeys(base.terms ?? {}, {
      url: text(f, "terms_url"),
      version: text(f, "terms_version"),
      text: text(f, "terms_text"),
    }),
    active: f.get("active") === "on",
  };
}

/** Field messages the form shows under the offer: the offer's own keys (items, bundle_template, ...). */
export function offerMessages(fields: Record<string, string[]>): string[] | undefined {
  const out = Object.entries(fields)
    .filter(([k]) => !(CHANNEL_FIELDS as readonly string[]).includes(k) && k !== "non_field_errors")
    .flatMap(([k, m]) => m.map((x) => `${k}: ${x}`));
  return [...(fields.offer ?? []), ...out].length ? [...(fields.offer ?? []), ...out] : undefined;
}
