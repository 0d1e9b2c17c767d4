import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@subscription-contracts/sdk": `${import.meta.dirname}/sdk/src/index.ts`,
      "@": import.meta.dirname,
    },
  },
  test: {
    include: ["tests/**/*.test.ts"],
    setupFiles: ["tests/setup/database.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
  },
});
