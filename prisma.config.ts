import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma Migrate runs on @prisma/schema-engine-wasm through a shim (scripts/prisma-engine), because the
// CLI's native schema-engine download is not reachable here. A user with a native engine can set
// PRISMA_SCHEMA_ENGINE_BINARY to it; we only provide the default.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(
  process.cwd(),
  "scripts/prisma-engine/schema-engine-wasm-shim.mjs",
);

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  // scripts/with-db.mjs sets DATABASE_URL (embedded PostgreSQL when the user gave none)
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unset" },
});
