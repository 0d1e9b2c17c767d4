// A primary and a streaming replica of it, both embedded PostgreSQL in a temp dir: the primary migrated from
// scratch, the replica made from a base backup taken with the low-level backup API (pg_backup_start, a file
// copy, pg_backup_stop: what `pg_basebackup -R` does, without a client binary of the server's version, which
// Debian's postgresql-client does not have here) and a physical replication slot, then started as a standby.
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  chownSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
// @ts-expect-error plain ESM script without types
import { startEmbeddedPostgres } from "@/scripts/lib/pg.mjs";

interface Server {
  port: number;
  dataDir: string;
  adminUrl: string;
  urlFor(db: string): string;
  ensureDatabase(db: string): Promise<void>;
  stop(): Promise<void>;
}

export interface PrimaryAndReplica {
  primaryUrl: string;
  replicaUrl: string;
  /** Waits until the replica has replayed everything the primary had written when this was called. */
  caughtUp(): Promise<void>;
  /** Stops the replica's WAL replay (pg_wal_replay_pause), so later writes stay on the primary only. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  dispose(): Promise<void>;
}

const DB = "app";

export async function primaryAndReplica(): Promise<PrimaryAndReplica> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sc-replica-"));
  chmodSync(dir, 0o755); // the servers run as the postgres user when we are root
  const primary: Server = await startEmbeddedPostgres({ dir: path.join(dir, "primary"), fast: true });
  await primary.ensureDatabase(DB);
  const primaryUrl = primary.urlFor(DB);
  const migrate = spawnSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: primaryUrl },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`prisma migrate deploy failed: ${migrate.stdout}${migrate.stderr}`);

  const admin = new pg.Client({ connectionString: primary.adminUrl });
  await admin.connect();
  const replicaDir = path.join(dir, "replica");
  try {
    await admin.query("select pg_create_physical_replication_slot('replica', true)");
    await admin.query("select pg_backup_start('replica', true)");
    const copied = spawnSync("cp", ["-a", primary.dataDir, replicaDir], { encoding: "utf8" });
    if (copied.status !== 0) throw new Error(`copying the data directory failed: ${copied.stderr}`);
    const { rows } = await admin.query<{ labelfile: string }>("select labelfile from pg_backup_stop(false)");
    const owner = statSync(replicaDir);
    const own = (file: string) => chownSync(file, owner.uid, owner.gid);
    for (const f of ["postmaster.pid", "postmaster.opts"]) rmSync(path.join(replicaDir, f), { force: true });
    for (const f of readdirSync(path.join(replicaDir, "pg_wal")))
      if (f !== "archive_status") rmSync(path.join(replicaDir, "pg_wal", f), { force: true, recursive: true });
    writeFileSync(path.join(replicaDir, "backup_label"), rows[0].labelfile);
    writeFileSync(path.join(replicaDir, "standby.signal"), "");
    appendFileSync(
      path.join(replicaDir, "postgresql.auto.conf"),
      `\nprimary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres password=postgres'\nprimary_slot_name = 'replica'\n`,
    );
    for (const f of ["backup_label", "standby.signal", "postgresql.auto.conf"]) own(path.join(replicaDir, f));
  } finally {
    await admin.end();
  }
  const replica: Server = await startEmbeddedPostgres({ dir: replicaDir, fast: true });
  const replicaUrl = replica.urlFor(DB);

  const one = async <T>(url: string, sql: string): Promise<T> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(sql)).rows[0] as T;
    } finally {
      await c.end();
    }
  };
  return {
    primaryUrl,
    replicaUrl,
    async caughtUp() {
      const { lsn } = await one<{ lsn: string }>(primaryUrl, "select pg_current_wal_insert_lsn()::text as lsn");
      for (let i = 0; i < 200; i++) {
        const { done } = await one<{ done: boolean }>(
          replicaUrl,
          `select coalesce(pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn, false) as done`,
        );
        if (done) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error("the replica did not catch up within 10 s");
    },
    pauseReplay: async () => void (await one(replicaUrl, "select pg_wal_replay_pause()")),
    resumeReplay: async () => void (await one(replicaUrl, "select pg_wal_replay_resume()")),
    async dispose() {
      await replica.stop();
      await primary.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
