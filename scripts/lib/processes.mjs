// The long-running processes `npm start` supervises, as the test runner and the fault tests start them too:
// each is one Node process, with no wrapper in between (a wrapper killed alone would leave its real process
// running unsupervised). The worker loads TypeScript through tsx's loader in its own process.
import { nextEnv } from "./nextEnv.mjs";

/** The app server (scripts/app-server.mjs): [command, args, env]. */
export const appServerCommand = (env, { dev = false } = {}) => [
  process.execPath,
  ["scripts/app-server.mjs", ...(dev ? ["--dev"] : [])],
  nextEnv(env),
];

/** The billing worker (scripts/worker.ts): [command, args, env]. */
export const workerCommand = (env) => [process.execPath, ["--import", "tsx", "scripts/worker.ts"], env];
