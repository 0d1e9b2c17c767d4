#!/usr/bin/env node
// Runs one command with DATABASE_URL set: the user's, or the embedded server's (started and stopped here).
import { provideDatabase } from "./lib/database.mjs";
import { exitOnStartFailure } from "./lib/pg.mjs";
import { run } from "./lib/run.mjs";

const [cmd, ...args] = process.argv.slice(2);
const db = await provideDatabase().catch(exitOnStartFailure);
const local = cmd === "prisma" || cmd === "tsx" || cmd === "next" ? `node_modules/.bin/${cmd}` : cmd;
const { code } = await run(local, args, { env: { ...process.env, DATABASE_URL: db.url } });
await db.stop();
process.exit(code);
