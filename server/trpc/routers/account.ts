// The signed-in seller's account: console settings (display time zone, subscriber_url, ...).
import { z } from "zod";
import { getAccountSettings, updateAccountSettings } from "@/server/domain/accounts/settings";
import { protectedProcedure, router } from "@/server/trpc/init";

// shapes only; the domain validates the values (IANA zone, URL) and names the field in its message
const updateInput = z.object({
  name: z.string().optional(),
  display_timezone: z.string().optional(),
  subscriber_url: z.string().nullable().optional(),
  renewal_notice_days: z.number().optional(),
  item_change_payment_behavior: z.string().optional(),
});

export const accountRouter = router({
  get: protectedProcedure.query(({ ctx }) => getAccountSettings(ctx.domain)),
  update: protectedProcedure.input(updateInput).mutation(({ ctx, input }) => updateAccountSettings(ctx.domain, input)),
});
