// When the service must refuse to start: in production against an external database, for want of explicit
// secrets or of APP_URL (no imports: the Next.js instrumentation hook loads it at boot; scripts/start.mjs
// applies the same rules before anything runs).

/**
 * A production deployment: `NODE_ENV=production` as the operator gave it (`npm start` passes it on as APP_ENV,
 * since the app server forces NODE_ENV) with an external DATABASE_URL (not the embedded database `npm start`
 * provides, which it marks with EMBEDDED_DATABASE=1). Development conveniences end there.
 */
export function isProductionDeployment(env: NodeJS.ProcessEnv = process.env): boolean {
  const production = (env.APP_ENV ?? env.NODE_ENV) === "production";
  const external = !!env.DATABASE_URL && env.EMBEDDED_DATABASE !== "1";
  return production && external;
}

/** Problem that must stop the service from starting for want of secrets, or null when the configuration is acceptable. */
export function secretsConfigProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  const explicit = !!(env.NEXTAUTH_SECRET || env.APP_SECRET);
  if (isProductionDeployment(env) && !explicit) {
    return "Refusing to start: NODE_ENV=production with an external DATABASE_URL needs NEXTAUTH_SECRET (or APP_SECRET), a long random value (e.g. `openssl rand -base64 32`); secrets are generated and stored in the database only for development and the embedded database.";
  }
  return null;
}

const isHttpUrl = (value: string | undefined) => {
  try {
    return !!value && ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * Problem that must stop the service for want of APP_URL: absolute URLs the API hands out (checkout_url,
 * hosted_url, widget and subscriber pages, pagination links) would otherwise follow the request's Host
 * header, which any client writes (server/publicUrl.ts). Development keeps that fallback.
 */
export function appUrlConfigProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  if (isProductionDeployment(env) && !isHttpUrl(env.APP_URL)) {
    return "Refusing to start: NODE_ENV=production with an external DATABASE_URL needs APP_URL, the service's public base URL (e.g. https://billing.example.com): absolute URLs in answers are built on it, never on the request's Host header.";
  }
  return null;
}

/** Every reason to refuse to start, in the order an operator fixes them; empty when none. */
export function startupProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  return [secretsConfigProblem(env), appUrlConfigProblem(env)].filter((p): p is string => p !== null);
}
