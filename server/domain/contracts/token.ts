// Preview tokens: stateless, HMAC-signed promises of a previewed change. The execution call must match
// the operation, its parameters and the contract version, and yields exactly the previewed amounts.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { canonicalJson as canonical } from "@/server/domain/canonical";
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

/** Hash of the parameters that decide the outcome (not the token, key or free-text reason). */
export function paramsHash(input: Record<string, unknown>): string {
  const { preview_token: _t, idempotency_key: _k, reason: _r, effective_at: _e, operation: _o, ...rest } = input;
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
