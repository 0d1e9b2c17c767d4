// Child-process worker for the concurrency and crash tests: `tsx tests/billing/_run-due.ts [baseClockIso]`
// bills everything due (runDueNow) against DATABASE_URL, as a separate worker process would, and prints
// the summary as one JSON line. The base clock defaults to real time; tests pass an early instant so the
// account's test clock decides what is due.
import { fixedClock } from "@/server/clock";
import { getDb } from "@/server/db";
import { runDueNow } from "@/server/worker/billing";

const base = process.argv[2] ? fixedClock(process.argv[2]) : undefined;
const db = getDb();
process.stdout.write("started\n");
const summary = await runDueNow(db, base);
process.stdout.write(`${JSON.stringify(summary)}\n`);
await db.$disconnect();
process.exit(0);
