import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma Migrate needs a schema engine. Where the CLI's native engine is present (downloaded by
// @prisma/engines at install, or named by PRISMA_SCHEMA_ENGINE_BINARY) it is used as is; only where it is
// missing (machines that cannot reach Prisma's binary host, like ours) do we point the CLI at the wasm
// build of the same engine through the shim in scripts/prisma-engine/, and say so once.
// NOTE (upgrades): @prisma/schema-engine-wasm must be the build of the CLI's own engine commit: its version
// is `<prisma version>-<n>.<commit>` with the commit of @prisma/engines-version (`enginesVersion`);
// tests/migrations.test.ts fails when the two disagree. Bump prisma, @prisma/client, @prisma/adapter-pg and
// @prisma/schema-engine-wasm together.
// Environment: read and set here directly, not through server/config.ts: the Prisma CLI loads this file on its
// own, and the variables set here are for the commands it runs (server/config.ts lists them for .env.example).
const SHIM = path.join(process.cwd(), "scripts/prisma-engine/schema-engine-wasm-shim.mjs");

/** A native schema-engine binary the CLI would find by itself (not wasm, not a JS wrapper). */
function nativeEngine(): string | null {
  for (const dir of ["node_modules/@prisma/engines", "node_modules/prisma"]) {
    const found = existsSync(dir)
      ? readdirSync(dir).find((f) => f.startsWith("schema-engine-") && !/\.(wasm|js|mjs|cjs|d\.ts)$/.test(f))
      : undefined;
    if (found) return path.join(dir, found);
  }
  return null;
}

if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY && !nativeEngine()) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = SHIM;
  // once per command tree: child processes inherit the variable and stay quiet
  if (!process.env.PRISMA_ENGINE_SHIM_NOTED) {
    process.env.PRISMA_ENGINE_SHIM_NOTED = "1";
    console.error(
      "prisma: no native schema engine installed; migrations run on its wasm build (scripts/prisma-engine)",
    );
  }
}

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  // scripts/with-db.mjs sets DATABASE_URL (embedded PostgreSQL when the user gave none)
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unset" },
});
