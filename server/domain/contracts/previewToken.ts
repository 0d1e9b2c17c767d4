// Preview tokens: stateless, HMAC-signed promises of a previewed change. The execution call must match
// the operation, its parameters and the contract version, and yields exactly the previewed amounts.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { canonicalJson as canonical } from "@/server/domain/canonical";
import { DomainError, invalid } from "@/server/domain/errors";
import { getSecret } from "@/server/secrets";

/** What a preview promised: the contract at a version, the operation and its parameters, when it takes effect and its amounts. */
export interface PreviewClaims {
  contractId: number;
  contractVersion: number;
  operation: string;
  /** paramsHash of the request */
  paramsHash: string;
  /** ISO instant the change takes effect */
  effectiveAt: string;
  /** digest of the previewed body (lines and amounts) */
  amountsDigest: string;
  /** expiry, epoch milliseconds */
  expiresAt: number;
}

export const PREVIEW_TTL_MS = 30 * 60_000;

/**
 * Hash of the parameters that decide the outcome (not the token, key or free-text reason). Nor
 * payment_behavior: it decides when the change applies, not its amounts, so a preview without it
 * confirms a pending_if_incomplete change (the subscriber page and integrations preview first).
 */
export function paramsHash(input: Record<string, unknown>): string {
  const {
    preview_token: _t,
    idempotency_key: _k,
    reason: _r,
    effective_at: _e,
    operation: _o,
    payment_behavior: _p,
    ...rest
  } = input;
  return createHash("sha256").update(canonical(rest)).digest("base64url").slice(0, 22);
}

export const digest = (parts: unknown) =>
  createHash("sha256").update(canonical(parts)).digest("base64url").slice(0, 22);

export async function signPreview(claims: PreviewClaims): Promise<string> {
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const mac = createHmac("sha256", await getSecret("preview"))
    .update(body)
    .digest("base64url");
  return `pv_${body}.${mac}`;
}

export async function readPreview(token: string): Promise<PreviewClaims | null> {
  const match = /^pv_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return null;
  const expected = createHmac("sha256", await getSecret("preview"))
    .update(match[1])
    .digest();
  const given = Buffer.from(match[2], "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(match[1], "base64url").toString()) as PreviewClaims;
  } catch {
    return null;
  }
}

/**
 * The checks of an execution against its preview token: the same contract, operation and parameters, not
 * expired, effective_at (when sent) unchanged, and the contract unchanged since (else preview_stale).
 */
export function checkPreviewClaims(
  claims: PreviewClaims | null,
  contract: { id: number; contractVersion: number },
  op: string,
  input: Record<string, unknown>,
  now: Date,
): asserts claims is PreviewClaims {
  if (!claims || claims.contractId !== contract.id || claims.operation !== op)
    throw invalid("preview_token", "Invalid preview token for this contract and operation.");
  if (claims.expiresAt < now.getTime()) throw invalid("preview_token", "The preview token has expired; preview again.");
  if (claims.paramsHash !== paramsHash(input))
    throw invalid(
      "preview_token",
      "The request differs from the previewed one (send the same fields, proration_behavior and settlement_behavior).",
    );
  // effective_at may be omitted (the preview's applies) but not changed
  if (input.effective_at && new Date(String(input.effective_at)).getTime() !== new Date(claims.effectiveAt).getTime())
    throw invalid("preview_token", "The request's effective_at differs from the previewed one.");
  if (claims.contractVersion !== contract.contractVersion)
    throw new DomainError(
      "validation",
      "stale",
      { preview_token: ["The contract changed since the preview; preview again."] },
      "preview_stale",
    );
}
