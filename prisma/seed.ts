// `npm run db:seed`: demo data on an empty database (use --force to add it anyway). Keys come from
// SEED_SECRET_KEY / SEED_PUBLIC_KEY / SEED_OTHER_SECRET_KEY when set, otherwise they are generated;
// they are written to .data/demo-keys.json (SEED_KEYS_FILE; "none" for no file) so the start script can
// print them on later starts.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { config } from "@/server/config";
import { getDb } from "@/server/db";
import { seedDemo } from "@/server/seed/demo";
import { seedDemoShop } from "@/server/seed/demoShop";

const db = getDb();
const cfg = config();
const force = process.argv.includes("--force");
if (!force && (await db.account.count()) > 0) {
  console.log("seed: database already has accounts, nothing to do (use --force)");
} else {
  const r = await seedDemo(db, {
    secretKey: cfg.SEED_SECRET_KEY,
    publicKey: cfg.SEED_PUBLIC_KEY,
    tokenKey: cfg.SEED_TOKEN,
    otherSecretKey: cfg.SEED_OTHER_SECRET_KEY,
    adminPassword: cfg.SEED_ADMIN_PASSWORD,
  });
  await seedDemoShop(db, r.accountId, r.ids);
  const file = cfg.SEED_KEYS_FILE;
  if (file !== "none") {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ ...r.keys, admin: r.admin, viewer: r.viewer }, null, 2));
  }
  console.log(`seed: demo account ${r.accountId} and other account ${r.otherAccountId} created`);
}
await db.$disconnect();
