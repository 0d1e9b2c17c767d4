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
  // a number must be an id; a string naming no processor is refused by the signature check with the same 401 (docs/decisions.md)
  account_payment_processor_id: z.union([idInput, z.string().max(100)]),
  session: z.string().max(200).optional(),
  transaction_id: z.string().max(200).optional(),
  fail_code: z.string().max(100).optional(),
  fail_message: z.string().max(1000).optional(),
  card: cardObject.optional(),
});
