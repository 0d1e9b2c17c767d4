// How a payment was made, in a reader's words: the processor's charge reads "Card"; the seller's records (mark
// paid) read as the method they name. Receipts (HTML and PDF) and the run page use it.
const WORDS: Record<string, string> = {
  processor: "Card",
  bank_transfer: "Bank transfer",
  cash: "Cash",
  cheque: "Cheque",
  other: "Paid outside the processor",
};

export const paymentMethodWords = (method: string): string => WORDS[method] ?? method;
