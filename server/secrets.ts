// The service's own signing secrets: the admin session key ("auth") and the preview-token key
// ("preview"). Never a fixed string: an explicit NEXTAUTH_SECRET / APP_SECRET wins; otherwise a random
// value is generated on first use and kept in the database (app_secrets), so every process (app, worker,
// CLI) and every restart agrees on it. In production against an external database the operator must
// give one explicitly: a key stored next to the data it protects is a development convenience.
import { createHmac, randomBytes } from "node:crypto";
import { getDb } from "./db";

export type SecretName = "auth" | "preview";

/** Problem that must stop the service from starting, or null when the configuration is acceptable. */
export function secretsConfigProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  const explicit = !!(env.NEXTAUTH_SECRET || env.APP_SECRET);
  // scripts/start.mjs marks the embedded database (.data/pg) it provides; any other DATABASE_URL is external
  const external = !!env.DATABASE_URL && env.EMBEDDED_DATABASE !== "1";
  if (env.NODE_ENV === "production" && external && !explicit) {
    return "Refusing to start: NODE_ENV=production with an external DATABASE_URL needs NEXTAUTH_SECRET (or APP_SECRET), e.g. `openssl rand -base64 32`.";
  }
  return null;
}

/** One explicit secret serves both purposes through a labelled derivation, so the two keys never coincide. */
function fromEnv(name: SecretName): string | null {
  const [own, other] = name === "auth" ? [process.env.NEXTAUTH_SECRET, process.env.APP_SECRET] : [process.env.APP_SECRET, process.env.NEXTAUTH_SECRET];
  if (own) return own;
  if (other) return createHmac("sha256", other).update(`subscription-contracts:${name}`).digest("base64url");
  return null;
}

const cache = new Map<string, Promise<string>>();

async function readOrCreate(name: SecretName): Promise<string> {
  const db = getDb();
  // race-safe across processes: the first insert wins, everyone reads the winner
  await db.appSecret.createMany({ data: [{ name, value: randomBytes(32).toString("base64url") }], skipDuplicates: true });
  return (await db.appSecret.findUniqueOrThrow({ where: { name } })).value;
}

/** The secret for `name` (cached per process and database). */
export function getSecret(name: SecretName): Promise<string> {
  const env = fromEnv(name);
  if (env) return Promise.resolve(env);
  const problem = secretsConfigProblem();
  if (problem) return Promise.reject(new Error(problem));
  const key = `${process.env.DATABASE_URL}|${name}`;
  let p = cache.get(key);
  if (!p) {
    p = readOrCreate(name);
    cache.set(key, p);
    p.catch(() => cache.delete(key)); // a failed read (database down) is retried next time
  }
  return p;
}

/** Forgets cached secrets (tests simulating a restart). */
export function clearSecretCache() {
  cache.clear();
}
