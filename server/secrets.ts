// The service's own signing secrets: the admin session key ("auth") and the preview-token key
// ("preview"). Never a fixed string: an explicit NEXTAUTH_SECRET / APP_SECRET wins; otherwise a random
// value is generated on first use and kept in the database (app_secrets), so every process (app, worker,
// CLI) and every restart agrees on it. In production against an external database the operator must
// give one explicitly: a key stored next to the data it protects is a development convenience.
import { createHmac, randomBytes } from "node:crypto";
import { config, secretsConfigProblem } from "./config";
import { getDb } from "./db";

export type SecretName = "auth" | "preview";

/** One explicit secret serves both purposes through a labelled derivation, so the two keys never coincide. */
function fromConfig(name: SecretName): string | null {
  const { NEXTAUTH_SECRET, APP_SECRET } = config();
  const [own, other] = name === "auth" ? [NEXTAUTH_SECRET, APP_SECRET] : [APP_SECRET, NEXTAUTH_SECRET];
  if (own) return own;
  if (other) return createHmac("sha256", other).update(`subscription-contracts:${name}`).digest("base64url");
  return null;
}

const cache = new Map<string, Promise<string>>();

async function readOrCreate(name: SecretName): Promise<string> {
  const db = getDb();
  // race-safe across processes: the first insert wins, everyone reads the winner
  await db.appSecret.createMany({
    data: [{ name, value: randomBytes(32).toString("base64url") }],
    skipDuplicates: true,
  });
  return (await db.appSecret.findUniqueOrThrow({ where: { name } })).value;
}

/** The secret for `name` (cached per process and database). */
export function getSecret(name: SecretName): Promise<string> {
  const explicit = fromConfig(name);
  if (explicit) return Promise.resolve(explicit);
  const problem = secretsConfigProblem();
  if (problem) return Promise.reject(new Error(problem));
  const key = `${config().DATABASE_URL}|${name}`;
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
