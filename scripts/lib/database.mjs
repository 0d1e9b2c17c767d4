// DATABASE_URL from the user, or the embedded server with data in .data/pg.
import { startEmbeddedPostgres } from "./pg.mjs";

export async function provideDatabase({ dbName = "subscriptions", quiet = true } = {}) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  const server = await startEmbeddedPostgres({ dir: ".data/pg", port: Number(process.env.EMBEDDED_PG_PORT ?? 54329), quiet });
  await server.ensureDatabase(dbName);
  return { url: server.urlFor(dbName), embedded: true, stop: server.stop, server };
}
