// The subscriber pages' answer to a throttled client (proxy.ts, before any page renders): 429 with
// Retry-After and a short HTML page, since a rendered page cannot set its own status. Imports only the
// throttle, so the proxy stays small; the page itself still counts wrong tokens (subscriberGate.ts).
import { tokenThrottle } from "@/server/auth/subscriberThrottle";
import { clientAddress } from "@/server/clientAddress";
import { log } from "@/server/log";

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Too many attempts</title></head>
<body><main style="max-width:42rem;margin:0 auto;padding:1rem;font-family:system-ui,sans-serif">
<h1 style="font-size:1.25rem">Too many attempts</h1>
<p>Please wait a few minutes and open the link from your email again.</p>
</main></body></html>
`;

/** 429 when the client's address sent too many wrong tokens lately, else null (the page renders). */
export async function throttledSubscriberPage(headers: Headers): Promise<Response | null> {
  let wait: number;
  try {
    wait = await tokenThrottle(clientAddress(headers));
  } catch (e) {
    // the database is unreachable: the page answers for itself (503)
    log.warn({ err: e }, "subscriber page throttle unavailable");
    return null;
  }
  if (!wait) return null;
  return new Response(PAGE, {
    status: 429,
    headers: { "content-type": "text/html; charset=utf-8", "retry-after": String(wait) },
  });
}
