// A webhook receiver on 127.0.0.1 (loopback only: the e2e runner allows loopback targets with
// WEBHOOKS_ALLOW_LOOPBACK=1 outside production): records every delivery's event id and whether its
// `Webhook-Signature` (HMAC-SHA256 over "<t>.<raw body>", docs/api-notes.md) signs the body.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  eventId: string;
  type: string;
  signed: boolean;
}

export async function startWebhookReceiver() {
  const received: Received[] = [];
  let secret = "";
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const header = String(req.headers["webhook-signature"] ?? "");
      const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
      const v1 = [...header.matchAll(/v1=([0-9a-f]{64})/g)].map((m) => m[1]);
      const expected = t ? createHmac("sha256", secret).update(`${t}.${body}`).digest("hex") : null;
      const event = JSON.parse(body) as { type?: string };
      const eventId = String(req.headers["webhook-id"] ?? "");
      received.push({ eventId, type: event.type ?? "", signed: !!expected && v1.includes(expected) });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** the endpoint's signing secret, known once the endpoint is registered */
    setSecret: (s: string) => {
      secret = s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
