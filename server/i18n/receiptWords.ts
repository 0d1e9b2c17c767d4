// How a payment was made, in the reader's language (receipts, HTML and PDF): lib/format/paymentMethod.ts's
// words, translated; an unknown method reads as stored.
import type { translator } from "./catalog";

const METHODS = ["processor", "bank_transfer", "cash", "cheque", "other"] as const;

export const methodWord = (t: ReturnType<typeof translator<"receipt">>, method: string): string =>
  (METHODS as readonly string[]).includes(method) ? t(`method_${method as (typeof METHODS)[number]}`) : method;
