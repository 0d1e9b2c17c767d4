// Typed errors: every non-2xx answer becomes an ApiError carrying the spec's error body (section 7).

/** The 400 body: field name (or `non_field_errors`) → messages, and an optional machine `code`. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON body (or the text when it was not JSON). */
  readonly body: unknown;
  /** Field messages of a 400 (`{}` otherwise). */
  readonly fieldErrors: FieldErrors;
  /** `code` of a 400 such as `no_change` or `preview_stale`, or null. */
  readonly code: string | null;
  /** The request id the service logged, for support. */
  readonly requestId: string | null;

  constructor(status: number, body: unknown, requestId: string | null) {
    super(messageOf(status, body));
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.requestId = requestId;
    const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
    this.code = typeof record.code === "string" ? record.code : null;
    this.fieldErrors =
      status === 400
        ? Object.fromEntries(
            Object.entries(record).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])),
          )
        : {};
  }

  /** The messages of one field (empty when the field has none). */
  messagesFor(field: string): string[] {
    return this.fieldErrors[field] ?? [];
  }
}

/** The request never got an answer (after the retries). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(`Network error: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "NetworkError";
  }
}

function messageOf(status: number, body: unknown): string {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    if (typeof record.detail === "string") return `HTTP ${status}: ${record.detail}`;
    const first = Object.entries(record).find(([, v]) => Array.isArray(v));
    if (first) return `HTTP ${status}: ${first[0]}: ${(first[1] as string[]).join(" ")}`;
  }
  return `HTTP ${status}`;
}

/** Reads a failed response into an ApiError. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.clone().text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return new ApiError(response.status, body, response.headers.get("x-request-id"));
}
