// The REST API in a process of its own, for tests that kill it: `tsx tests/faults/_app.ts` serves
// /api/v2/... on a free local port through the same route definitions and wrapper as the Next.js app
// (server/http/registry.ts → route.ts: auth, parsing, idempotency, domain, errors) against DATABASE_URL,
// and prints "listening <port>" once it answers. A production build takes minutes; this starts in seconds.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Method } from "@/server/http/endpoint";
import { endpoints, handle } from "@/server/http/registry";

const routes = endpoints.map((e) => {
  const names: string[] = [];
  const pattern = new RegExp(`^/api${e.path.replace(/\{(\w+)\}/g, (_, n) => (names.push(n), "([^/]+)"))}$`);
  return { method: e.method, pattern, names, handler: handle(e.path, e.method) };
});

async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  const path = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;
  const method = (req.method ?? "GET") as Method;
  const route = routes.find((r) => r.method === method && r.pattern.test(path));
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (!route) {
    res.writeHead(404, { "content-type": "application/json" }).end('{"detail":"Not found."}');
    return;
  }
  const match = route.pattern.exec(path)!;
  const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const request = new Request(url, {
    method,
    headers,
    body: chunks.length && method !== "GET" ? Buffer.concat(chunks) : undefined,
  });
  const response = await route.handler(request, { params: Promise.resolve(params) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

const server = http.createServer((req, res) => {
  answer(req, res).catch((e) => {
    res.writeHead(500).end(String(e));
  });
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
