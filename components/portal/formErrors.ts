// The server's field messages of the billing details form in the page's language: the checks run on the server
// (zod and lib/taxId.ts) in English; the known ones are shown from the formErrors catalog, anything else as sent.
import type { useTranslations } from "next-intl";

type T = ReturnType<typeof useTranslations<"formErrors">>;

const PATTERNS: [RegExp, (t: T, m: RegExpExecArray) => string][] = [
  [/^This field is required\.$/, (t) => t("required")],
  [/^Enter an e-mail address\.$/, (t) => t("email")],
  [/^At most (\d+) characters\.$/, (t, m) => t("maxLength", { max: Number(m[1]) })],
  [/^A two-letter country code \(e\.g\. FI\)\.$/, (t) => t("country")],
  [/^This is not the shape of a ([A-Z]{2}) VAT number\.$/, (t, m) => t("taxIdShape", { country: m[1] })],
  [/^Greek VAT numbers start with EL\.$/, (t) => t("taxIdGreek")],
  [/^Unrecognised tax ID\./, (t) => t("taxIdUnknown")],
];

export function formError(t: T, message: string): string {
  for (const [pattern, word] of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return word(t, m);
  }
  return message;
}
