// One HTTP POST of a webhook, on node:http(s) rather than fetch so that the connection goes to the
// address `resolveTarget` checked (a `lookup` that answers only that address), redirects are never
// followed (node:http does not follow them; a 3xx is a failed delivery) and one timer bounds the whole
// attempt: DNS, connect, TLS, headers and body.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { type NetworkPolicy, resolveTarget } from "./target";

export const DELIVERY_TIMEOUT_MS = 10_000;
/** A receiver's answer is read only this far (its content does not matter, only the status). */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * The only texts a failed attempt records. They are the same for a refused connection, a reset, a DNS
 * failure or a TLS error, and never carry errno, address or port: the delivery log must not tell a seller
 * which internal hosts and ports exist.
 */
export const DELIVERY_ERRORS = {
  connect: "could not connect",
  timeout: "timed out",
  refused: "refused: address not allowed",
} as const;

/** The start of the receiver's answer kept for the delivery log (text, at most this many bytes). */
const KEPT_RESPONSE_BYTES = 2048;

export type SendOutcome =
  | { status: number; error: null; body?: string }
  | { status: null; error: string; body?: never };

/** A lookup that answers only the address checked before (what Node asks for, one address or a list). */
function pinnedLookup(address: string, family: number): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: NetworkPolicy,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    let req: http.ClientRequest | undefined;
    let status: number | null = null;
    let settled = false;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    const answered = (): SendOutcome => ({
      status: status!,
      error: null,
      body: Buffer.concat(kept)
        .toString("utf8")
        .replace(/\uFFFD+$/, ""),
    });
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      req?.destroy();
    };
    // headers already received count as the answer, even if the body then never ends
    const timer = setTimeout(
      () => finish(status !== null ? answered() : { status: null, error: DELIVERY_ERRORS.timeout }),
      timeoutMs,
    );

    resolveTarget(url, policy).then(
      (target) => {
        if (settled) return;
        if (!target.ok)
          return finish({
            status: null,
            error: target.reason === "unresolved" ? DELIVERY_ERRORS.connect : DELIVERY_ERRORS.refused,
          });
        const parsedUrl = new URL(url);
        const request = parsedUrl.protocol === "https:" ? https.request : http.request;
        req = request(
          parsedUrl,
          {
            method: "POST",
            headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
            agent: false, // a fresh connection each time: a pooled socket could point at an address checked for another host
            lookup: pinnedLookup(target.address, target.family),
          },
          (res) => {
            status = res.statusCode ?? 0;
            let read = 0;
            res.on("data", (chunk: Buffer) => {
              read += chunk.length;
              if (keptBytes < KEPT_RESPONSE_BYTES) {
                const part = chunk.subarray(0, KEPT_RESPONSE_BYTES - keptBytes);
                kept.push(part);
                keptBytes += part.length;
              }
              if (read > MAX_RESPONSE_BYTES) finish(answered());
            });
            res.on("end", () => finish(answered()));
            res.on("error", () => finish(answered()));
          },
        );
        req.on("error", () => finish(status !== null ? answered() : { status: null, error: DELIVERY_ERRORS.connect }));
        req.end(body);
      },
      () => finish({ status: null, error: DELIVERY_ERRORS.connect }),
    );
  });
}

/** The delivery log's text for a stored error: one of the generic texts, or "could not connect" for anything else (rows from before). */
export function publicDeliveryError(stored: string | null): string | null {
  if (stored === null) return null;
  if ((Object.values(DELIVERY_ERRORS) as string[]).includes(stored) || /^HTTP \d{3}$/.test(stored)) return stored;
  return DELIVERY_ERRORS.connect;
}
