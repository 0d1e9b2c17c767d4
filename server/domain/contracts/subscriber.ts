// The subscriber page's view of a contract, addressed by its unguessable token (no API key).
import type { Db } from "../../db";
import { accountClock } from "../../clock";
import { catalogSnapshot } from "../offers/snapshot";
import { presentContract } from "./present";
import { contractInclude } from "./records";

export async function contractForSubscriber(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const c = await db.subscriptionContract.findUnique({ where: { subscriberToken: token }, include: { ...contractInclude, account: { select: { mode: true, testClockAt: true, name: true } } } });
  if (!c) return null;
  const ctx = { db, accountId: c.accountId, clock: accountClock(c.account) };
  const view = presentContract(c, await catalogSnapshot(ctx), ctx.clock.now(), "");
  return { seller: c.account.name, contract: view };
}
