// The client's network address, as the app server (scripts/app-server.mjs → scripts/lib/clientAddress.mjs)
// derived it from the socket and TRUST_PROXY and put it into one internal header, replacing whatever the
// client sent under that name. Every throttle (sign-in, subscriber-page tokens, promotion codes) keys on it.
// X-Forwarded-For is never read here: without a trusted proxy its entries are written by the client.

/** The header the app server sets (scripts/lib/clientAddress.mjs CLIENT_ADDRESS_HEADER; a test keeps them equal). */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** The request's client address; "unknown" (one shared key, so nothing escapes a throttle) when served without the app server. */
export function clientAddress(h: HeaderSource): string {
  const v = h instanceof Headers ? h.get(CLIENT_ADDRESS_HEADER) : h[CLIENT_ADDRESS_HEADER];
  return ((Array.isArray(v) ? v[0] : v)?.trim() || "unknown").slice(0, 100);
}
