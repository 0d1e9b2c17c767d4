// Webhook signatures: HMAC-SHA256 over "<timestamp>.<raw body>" with the endpoint's secret, sent as
// `Webhook-Signature: t=<unix seconds>,v1=<hex>`. `verifyWebhook` is what an integrator runs on receipt.
import { createHmac, timingSafeEqual } from "node:crypto";

export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, body)}`;
}

/**
 * The header's `v1` that signs `body` with `secret`, when the header is well formed and at most
 * `toleranceSeconds` old; else null. Strict: the header is `t=<digits>` once and one or more
 * `v1=<64 lower-case hex digits>`, nothing else (an upper-case, padded or suffixed encoding of a valid
 * signature is refused, so a replay cannot be re-encoded past a check keyed on the signature); every `v1`
 * is compared in constant time and any one may match (as during a secret rotation).
 */
export function verifiedSignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): string | null {
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(",")) {
    const t = /^t=(\d{1,12})$/.exec(part);
    const v1 = /^v1=([0-9a-f]{64})$/.exec(part);
    if (t && timestamp === null) timestamp = Number(t[1]);
    else if (v1) candidates.push(v1[1]);
    else return null;
  }
  if (timestamp === null || !candidates.length || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return null;
  const expected = Buffer.from(signPayload(secret, timestamp, body), "hex");
  let matched: string | null = null;
  // every candidate is compared, matched or not, so the time taken does not say which one matched
  for (const candidate of candidates)
    if (timingSafeEqual(Buffer.from(candidate, "hex"), expected) && matched === null) matched = candidate;
  return matched;
}

/** True when the header signs `body` with `secret` and is at most `toleranceSeconds` old (what an integrator runs on receipt). */
export const verifyWebhook = (
  secret: string,
  header: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean => verifiedSignature(secret, header, body, nowSeconds, toleranceSeconds) !== null;
