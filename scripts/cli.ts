// Operators' CLI: `npm run cli -- <command>`
//   bill-due                               bill everything due now (all accounts), in this process
//   advance-clock --account N --to ISO     move a test-mode account's clock and bill what came due
//   replay-webhook --event evt_... [--endpoint N]   deliver an event again (then runs a delivery pass)
//   deliver-webhooks                       publish outbox events and deliver what is due
//   sign-out-user --email E                end every console session of the user
//   disable-user --email E | enable-user --email E   a disabled user cannot sign in; their sessions end
//   backup --out FILE                      pg_dump of DATABASE_URL in custom format (docs/deployment.md)
//   restore --from FILE --database URL     pg_restore --clean --if-exists into the database at URL
// @ts-expect-error plain ESM helper
import { backup, restore } from "@/scripts/lib/backup.mjs";
import { systemClock } from "@/server/clock";
import { getDb } from "@/server/db";
import { accountCtx } from "@/server/domain/accountContext";
import { revokeUserSessions, setUserDisabled } from "@/server/domain/auth/userSessions";
import { advanceTestClock } from "@/server/domain/billing/runs";
import { replayEvent } from "@/server/domain/webhooks/deliver";
import { runDueNow, webhooksTick } from "@/server/worker/billing";

const [command, ...rest] = process.argv.slice(2);
const opt = (name: string) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};
const db = getDb();

/** The console user named by --email, with a context scoped to their account. */
async function userByEmail() {
  const email = opt("email");
  if (!email) throw new Error(`usage: ${command} --email user@example.com`);
  const user = await db.user.findFirst({ where: { email: { equals: email, mode: "insensitive" } } });
  if (!user) throw new Error(`no user ${email}`);
  return { user, ctx: { db, accountId: user.accountId, clock: systemClock } };
}

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
      const n = await replayEvent(
        { db, clock: systemClock },
        { eventId: event, endpointId: opt("endpoint") ? Number(opt("endpoint")) : undefined },
      );
      console.log(`queued for ${n} endpoint(s)`);
      return console.log(JSON.stringify(await webhooksTick(db)));
    }
    case "deliver-webhooks":
      return console.log(JSON.stringify(await webhooksTick(db)));
    case "sign-out-user": {
      const { user, ctx } = await userByEmail();
      await revokeUserSessions(ctx, user.id);
      return console.log(`sessions of ${user.email} ended`);
    }
    case "disable-user":
    case "enable-user": {
      const { user, ctx } = await userByEmail();
      await setUserDisabled(ctx, user.id, command === "disable-user");
      return console.log(`${user.email} ${command === "disable-user" ? "disabled" : "enabled"}`);
    }
    case "backup": {
      const out = opt("out");
      const url = process.env.DATABASE_URL;
      if (!out || !url) throw new Error("usage: backup --out file.dump (backs up DATABASE_URL)");
      const tool = await backup({ url, out });
      return console.log(`backed up to ${out} (${tool})`);
    }
    case "restore": {
      const from = opt("from");
      const url = opt("database");
      // never a default target: --clean drops what the dump holds before re-creating it
      if (!from || !url) throw new Error("usage: restore --from file.dump --database postgresql://…/target");
      const tool = await restore({ from, url });
      return console.log(`restored ${from} into ${new URL(url).pathname.slice(1)} (${tool})`);
    }
    default:
      console.log(
        "commands: bill-due | advance-clock --account N --to ISO | replay-webhook --event ID [--endpoint N] | deliver-webhooks | sign-out-user --email E | disable-user --email E | enable-user --email E | backup --out FILE | restore --from FILE --database URL",
      );
      process.exitCode = command ? 1 : 0;
  }
}
await main().finally(() => db.$disconnect());
process.exit(process.exitCode ?? 0);
