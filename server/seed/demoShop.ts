// The demo shop's sales channels (`npm run demo:shop`, scripts/demo-shop.mjs): seeded with the demo data
// by prisma/seed.ts. "Demo shop" sells Streaming Basic monthly in EUR through the three EUR sandbox card
// processors (the widget asks which); "Demo shop (USD)" the USD price through vendor A (card encrypted in
// the browser). Both allow the demo shop's origin, http://localhost:4000 (DEMO_SHOP_PORT changes it).
import { systemClock } from "@/server/clock";
import { config } from "@/server/config";
import type { Db } from "@/server/db";
import { createChannel } from "@/server/domain/sessions/channels";
import { salesChannelCreateBody } from "@/server/schemas/sessions";

export const DEMO_SHOP_CHANNEL = "Demo shop";

export async function seedDemoShop(db: Db, accountId: number, ids: Record<string, number>) {
  const origin = `http://localhost:${config().DEMO_SHOP_PORT}`;
  const ctx = { db, accountId, clock: systemClock };
  const common = {
    allowed_origins: [origin],
    metadata: { channel: "demo-shop" },
    theme: {
      colors: { primary: "#6d28d9", background: "#ffffff", text: "#1e1b4b" },
      logo_url: `${origin}/logo.svg`,
      font_family: "Georgia, 'Times New Roman', serif",
    },
    terms: {
      url: `${origin}/terms`,
      version: "2026-11",
      text: "Monthly subscription, renewed automatically. Cancel any time from the link in your confirmation.",
    },
  };
  const channel = (name: string, price: number, processors: number[]) =>
    createChannel(
      ctx,
      salesChannelCreateBody.parse({
        ...common,
        name,
        offer: { items: [{ price, quantity: 1 }] },
        processor_ids: processors,
      }),
    );
  await channel(DEMO_SHOP_CHANNEL, ids.basicMonthly, [ids.cardProcessor, ids.vendorB, ids.vendorC]);
  await channel(`${DEMO_SHOP_CHANNEL} (USD)`, ids.basicUsd, [ids.vendorA]);
}
