// Changing environment variables in a test. The service reads them through server/config.ts, parsed once per
// process, so a change is followed by reloadConfig(); `setEnv` does both and returns what puts the previous
// values back (undefined removes a variable).
import { reloadConfig } from "@/server/config";

type Vars = Record<string, string | undefined>;

function apply(vars: Vars) {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
}

/** Sets (or removes) the variables and re-reads the configuration; the returned function restores them. */
export function setEnv(vars: Vars): () => void {
  const before = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  apply(vars);
  return () => apply(before);
}

/** Runs `fn` with the variables set, then restores them (also when it fails). */
export async function withEnv<T>(vars: Vars, fn: () => T | Promise<T>): Promise<T> {
  const restore = setEnv(vars);
  try {
    return await fn();
  } finally {
    restore();
  }
}
