// Reading the console's tRPC errors: the code, a message, and the per-field messages (`data.fields`).
export type FieldErrors = Record<string, string[]>;

interface ErrorLike {
  message?: string;
  data?: { code?: string; fields?: FieldErrors | null } | null;
}

const asErrorLike = (e: unknown): ErrorLike | null => (e && typeof e === "object" ? (e as ErrorLike) : null);

export const trpcErrorCode = (e: unknown): string | undefined => asErrorLike(e)?.data?.code ?? undefined;

export const fieldErrorsOf = (e: unknown): FieldErrors => asErrorLike(e)?.data?.fields ?? {};

/**
 * A message for the form as a whole: errors on fields the form does not show (non_field_errors among
 * them), or the error's message when it names no field at all.
 */
export function formErrorOf(e: unknown, shownFields: readonly string[]): string | null {
  if (!e) return null;
  const fields = fieldErrorsOf(e);
  const other = Object.entries(fields).filter(([k]) => !shownFields.includes(k));
  if (other.length)
    return other.map(([k, msgs]) => (k === "non_field_errors" ? msgs.join(" ") : `${k}: ${msgs.join(" ")}`)).join(" ");
  if (Object.keys(fields).length) return null;
  return asErrorLike(e)?.message || "Something went wrong.";
}

/**
 * The server's field messages keyed by the form's field ids. `names` maps a form id to the server's
 * field name when they differ (e.g. { unitAmount: "unit_amount" }); unmapped ids are looked up as is.
 *
 *   const errors = fieldErrorsFor(mutation.error, { displayTimezone: "display_timezone" });
 *   <FormField id="displayTimezone" errors={errors.displayTimezone} …>
 */
export function fieldErrorsFor(e: unknown, names: Record<string, string> = {}): FieldErrors {
  const fields = fieldErrorsOf(e);
  const out: FieldErrors = {};
  const serverToForm = new Map(Object.entries(names).map(([form, server]) => [server, form]));
  for (const [key, msgs] of Object.entries(fields)) out[serverToForm.get(key) ?? key] = msgs;
  return out;
}
