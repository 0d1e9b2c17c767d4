// The environment of a `next start` / `next dev` process: the given one, with the native Date kept before
// Next.js wraps it (nativeDate.cjs).
import { fileURLToPath } from "node:url";

const preload = fileURLToPath(new URL("./nativeDate.cjs", import.meta.url));

export const nextEnv = (env) => ({
  ...env,
  NODE_OPTIONS: [env.NODE_OPTIONS, `--require "${preload}"`].filter(Boolean).join(" "),
});
