// Which of a customer's eligible cards billing charges: the one of the highest charge rank (a new card takes
// the next rank, and so does a card the customer makes their default), the newest on a tie. Every reader of
// "the card billing would charge" orders by this, so the portal, the subscriber page and billing agree.
import type { Prisma } from "@/server/generated/prisma/client";

export const CHARGE_ORDER = [
  { chargeRank: "desc" },
  { id: "desc" },
] as const satisfies Prisma.PaymentMethodOrderByWithRelationInput[];
