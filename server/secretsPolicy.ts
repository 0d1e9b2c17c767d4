// When the service must refuse to start for want of explicit secrets (no imports: the Next.js
// instrumentation hook loads it at boot; scripts/start.mjs applies the same rule before anything runs).

/** Problem that must stop the service from starting, or null when the configuration is acceptable. */
export function secretsConfigProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  const explicit = !!(env.NEXTAUTH_SECRET || env.APP_SECRET);
  // `next start` forces NODE_ENV=production; npm start passes the environment the operator asked for as APP_ENV
  const production = (env.APP_ENV ?? env.NODE_ENV) === "production";
  // scripts/start.mjs marks the embedded database (.data/pg) it provides; any other DATABASE_URL is external
  const external = !!env.DATABASE_URL && env.EMBEDDED_DATABASE !== "1";
  if (production && external && !explicit) {
    return "Refusing to start: NODE_ENV=production with an external DATABASE_URL needs NEXTAUTH_SECRET (or APP_SECRET), a long random value (e.g. `openssl rand -base64 32`); secrets are generated and stored in the database only for development and the embedded database.";
  }
  return null;
}
