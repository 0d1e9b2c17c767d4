/** The one error type the domain throws; transports map it once to HTTP (server/http) and once to tRPC. */
/**
 * `gone`: the record existed but its lifetime has passed (an expired checkout session) — HTTP 410.
 * `rate_limited`: too many failed attempts (TooManyAttempts) — HTTP 429 with Retry-After.
 */
export type DomainErrorKind =
  | "validation"
  | "not_found"
  | "unauthenticated"
  | "forbidden"
  | "conflict"
  | "gone"
  | "rate_limited";

export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly fields?: FieldErrors,
    readonly code?: string,
    /** Extra members of the 400 body, e.g. contract_id on a failed finalize. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** Refused for too many recent failures (guessed codes, wrong tokens); the caller may retry after the given wait. */
export class TooManyAttempts extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("rate_limited", message);
  }
}

/**
 * Appends a message under `key`. Keys can be the client's own field names: `fields[k] ??= []` would find
 * Object.prototype's `constructor` (or `toString`) for them and crash, so only own entries count.
 */
export function addFieldError(fields: FieldErrors, key: string, message: string): void {
  if (Object.hasOwn(fields, key)) fields[key].push(message);
  else Object.defineProperty(fields, key, { value: [message], enumerable: true, writable: true, configurable: true });
}

export const notFound = (what = "Not found.") => new DomainError("not_found", what);
/** The record a scoped lookup found; none (or another account's) is a 404. */
export function foundOr404<T>(row: T | null | undefined): T {
  if (row === null || row === undefined) throw notFound();
  return row;
}

/** 400 with `{field: [message]}`; use "non_field_errors" for errors about the request as a whole. */
export const invalid = (field: string, message: string, code?: string) =>
  new DomainError("validation", message, { [field]: [message] }, code);

export const invalidFields = (fields: FieldErrors, code?: string) =>
  new DomainError("validation", Object.values(fields).flat()[0] ?? "Invalid input.", fields, code);

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}
