// A webhook receiver on plain node:http: read the raw body, verify it with the SDK, answer 2xx fast.
// Anything else (a 4xx/5xx, a timeout) is retried later, so handle each event id once.
import http from "node:http";
import { type WebhookEvent, WebhookSignatureError, webhooks } from "@subscription-contracts/sdk";

const secret = process.env.WEBHOOK_SECRET ?? "";
export const received: WebhookEvent[] = [];
const seen = new Set<string>();

export const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    try {
      const event = webhooks.verify(Buffer.concat(chunks), req.headers["webhook-signature"] as string, secret, 300);
      if (!seen.has(event.id)) {
        seen.add(event.id);
        received.push(event); // your work here: e.g. provision on subscription_contract.created
      }
      res.writeHead(204).end();
    } catch (error) {
      res.writeHead(error instanceof WebhookSignatureError ? 400 : 500).end();
    }
  });
});
server.listen(Number(process.env.PORT ?? 4242), "127.0.0.1");
