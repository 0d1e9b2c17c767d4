// The fault tests' own PostgreSQL: an embedded server in a temp dir (never the shared test server, which
// other test files use), migrated from scratch, that a test may stop and start again on the same port.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error plain ESM script without types
import { startEmbeddedPostgres } from "@/scripts/lib/pg.mjs";

interface Server {
  port: number;
  urlFor(db: string): string;
  ensureDatabase(db: string): Promise<void>;
  stop(): Promise<void>;
}

export interface OwnPostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  dispose(): Promise<void>;
}

export async function ownPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sc-faults-"));
  chmodSync(dir, 0o755); // the server runs as the postgres user when we are root
  const dataDir = path.join(dir, "pg");
  let server: Server = await startEmbeddedPostgres({ dir: dataDir, fast: true });
  const port = server.port;
  await server.ensureDatabase("faults");
  const url = server.urlFor("faults");
  const migrate = spawnSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`prisma migrate deploy failed: ${migrate.stdout}${migrate.stderr}`);
  let running = true;
  return {
    url,
    stop: async () => {
      await server.stop();
      running = false;
    },
    start: async () => {
      server = await startEmbeddedPostgres({ dir: dataDir, port, fast: true });
      running = true;
      if (server.port !== port) throw new Error(`restarted on port ${server.port}, not ${port}`);
    },
    dispose: async () => {
      if (running) await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
