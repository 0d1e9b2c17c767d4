// Bodies of the public routes outside the registry (hosted card form, processor webhook): only the
// shapes the domain code relies on are checked here, so a wrong type is a 400 and not a TypeError.
import { z } from "zod";
import { idInput } from "./common";

const cardObject = z.looseObject({}, { error: "A JSON object is required." });

/** POST /api/pay/registrations/{token}/: the card's own fields keep the domain's messages (validCard). */
export const cardFormBody = z.looseObject({
  card: cardObject.optional(),
  encrypted_card: z.string().max(10_000).optional(),
});

/** POST /api/processors/sandbox/webhook/: checked before the signature (a body of the wrong shape is never a valid event). */
export const processorWebhookBody = z.looseObject({
  type: z.string().max(100),
  account_payment_processor_id: z.union([idInput, z.string().regex(/^\d{1,9}$/, "A valid integer is required.")]),
  session: z.string().max(200).optional(),
  transaction_id: z.string().max(200).optional(),
  fail_code: z.string().max(100).optional(),
  fail_message: z.string().max(1000).optional(),
  card: cardObject.optional(),
});
