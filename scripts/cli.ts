// Operators' CLI: `npm run cli -- <command>`
//   bill-due                               bill everything due now (all accounts), in this process
//   advance-clock --account N --to ISO     move a test-mode account's clock and bill what came due
//   replay-webhook --event evt_... [--endpoint N]   deliver an event again (then runs a delivery pass)
//   deliver-webhooks                       publish outbox events and deliver what is due
import { getDb } from "../server/db";
import { advanceTestClock } from "../server/domain/billing/runs";
import { replayEvent } from "../server/domain/webhooks/deliver";
import { accountCtx, runDueNow, webhooksTick } from "../server/worker/billing";

const [command, ...rest] = process.argv.slice(2);
const opt = (name: string) => { const i = rest.indexOf(`--${name}`); return i >= 0 ? rest[i + 1] : undefined; };
const db = getDb();

async function main() {
  switch (command) {
    case "bill-due":
      return console.log(JSON.stringify(await runDueNow(db)));
    case "advance-clock": {
      const account = Number(opt("account"));
      const to = opt("to");
      if (!account || !to) throw new Error("usage: advance-clock --account N --to 2027-01-01T00:00:00Z");
      return console.log(JSON.stringify(await advanceTestClock(await accountCtx(db, account), { to })));
    }
    case "replay-webhook": {
      const event = opt("event");
      if (!event) throw new Error("usage: replay-webhook --event evt_... [--endpoint N]");
      const n = await replayEvent(db, event, opt("endpoint") ? Number(opt("endpoint")) : undefined);
      console.log(`queued for ${n} endpoint(s)`);
      return console.log(JSON.stringify(await webhooksTick(db)));
    }
    case "deliver-webhooks":
      return console.log(JSON.stringify(await webhooksTick(db)));
    default:
      console.log("commands: bill-due | advance-clock --account N --to ISO | replay-webhook --event ID [--endpoint N] | deliver-webhooks");
      process.exitCode = command ? 1 : 0;
  }
}
await main().finally(() => db.$disconnect());
process.exit(process.exitCode ?? 0);
