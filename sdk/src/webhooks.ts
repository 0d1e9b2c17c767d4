// Verifying the webhooks the service sends: header `Webhook-Signature: t=<unix seconds>,v1=<hex>`, where
// v1 = HMAC-SHA256(secret, "<t>.<raw body>"). Verify the raw bytes as received, before parsing JSON.
import { createHmac, timingSafeEqual } from "node:crypto";

export interface WebhookEvent<Data = Record<string, unknown>> {
  id: string;
  type: string;
  created_at: string;
  data: Data;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } {
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === "t") timestamp = Number(value);
    else if (name === "v1" && value) signatures.push(value);
  }
  return { timestamp, signatures };
}

/**
 * Checks the signature and age (`toleranceSeconds`, default 300) of a delivery and returns the parsed
 * event; throws WebhookSignatureError otherwise. `nowSeconds` is for tests.
 */
export function verify<Data = Record<string, unknown>>(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): WebhookEvent<Data> {
  if (!signatureHeader) throw new WebhookSignatureError("Missing Webhook-Signature header");
  const { timestamp, signatures } = parseHeader(signatureHeader);
  if (!Number.isFinite(timestamp) || signatures.length === 0)
    throw new WebhookSignatureError("Malformed Webhook-Signature header");
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    throw new WebhookSignatureError("Webhook timestamp outside the tolerance");
  const body = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  const matches = signatures.some((hex) => {
    const given = Buffer.from(hex, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError("Webhook signature does not match");
  return JSON.parse(body) as WebhookEvent<Data>;
}

export const webhooks = { verify };
