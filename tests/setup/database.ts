// Each test file gets its own database, cloned from the migrated template that scripts/test.mjs prepared.
import { randomBytes } from "node:crypto";
import pg from "pg";

const admin = process.env.TEST_PG_ADMIN_URL;
const template = process.env.TEST_DB_TEMPLATE ?? "sc_template";
if (!admin) throw new Error("TEST_PG_ADMIN_URL is not set: run the tests with `npm test` (scripts/test.mjs)");

const name = `t_${randomBytes(6).toString("hex")}`;
const c = new pg.Client({ connectionString: admin });
await c.connect();
await c.query(`create database "${name}" template "${template}"`);
await c.end();
const url = new URL(admin);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.DB_POOL_SIZE ??= "5";
// most tests write keys and accounts directly: they read them on every request (tests/api/key-cache.test.ts covers the cache)
process.env.AUTH_CACHE ??= "off";
