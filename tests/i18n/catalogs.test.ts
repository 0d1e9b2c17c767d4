// The message catalogs (messages/<locale>.json, issue 33 item 5): every language has every key of every other,
// none is empty, each parses as an ICU message, and a translation uses the same placeholders and tags as the
// English one (a German text missing {amount} would drop the amount).
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/server/i18n/catalog";
import { LOCALES } from "@/server/i18n/locales";

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** The {placeholders} and <tags> of a message, sorted (plural branches' # and nested text ignored). */
function slots(message: string): string[] {
  const names = new Set<string>();
  for (const m of message.matchAll(/\{(\w+)(?:[,}])/g)) names.add(`{${m[1]}}`);
  for (const m of message.matchAll(/<(\w+)>/g)) names.add(`<${m[1]}>`);
  return [...names].sort();
}

const flat = Object.fromEntries(LOCALES.map((l) => [l, flatten(MESSAGES[l] as unknown as Tree)]));

describe("message catalogs", () => {
  it("has the same keys in every language, none empty", () => {
    const all = new Set(LOCALES.flatMap((l) => [...flat[l].keys()]));
    const problems: string[] = [];
    for (const l of LOCALES)
      for (const key of all) {
        const v = flat[l].get(key);
        if (v === undefined) problems.push(`${l}: ${key} is missing`);
        else if (v.trim() === "") problems.push(`${l}: ${key} is empty`);
      }
    expect(problems).toEqual([]);
  });

  it("parses every message as ICU, with the English placeholders and tags", () => {
    const problems: string[] = [];
    for (const l of LOCALES)
      for (const [key, v] of flat[l]) {
        try {
          new IntlMessageFormat(v, l);
        } catch (e) {
          problems.push(`${l}: ${key} does not parse: ${(e as Error).message}`);
        }
        const en = flat.en.get(key);
        if (en !== undefined && slots(en).join() !== slots(v).join())
          problems.push(`${l}: ${key} has ${slots(v).join(" ")}, English has ${slots(en).join(" ")}`);
      }
    expect(problems).toEqual([]);
  });

  it("is translated: another language repeats an English text only where the words are the same", () => {
    // words that read the same in the language (a dash, "Status", "Name", "Total", "Subtotal", "E-mail")
    const same = new Set([
      "ui.emDash",
      "de:subscriber.status",
      "de:billingDetails.name",
      "fr:billingDetails.email",
      "fr:receipt.total",
      "es:receipt.subtotal",
      "es:receipt.total",
      "es:creditNote.subtotal",
      "es:notFound.error",
      "notice.reason",
      "fr:widget.termsVersion",
    ]);
    const problems: string[] = [];
    for (const l of LOCALES.filter((x) => x !== "en"))
      for (const [key, v] of flat[l])
        if (v === flat.en.get(key) && !same.has(key) && !same.has(`${l}:${key}`))
          problems.push(`${l}: ${key} = "${v}"`);
    expect(problems).toEqual([]);
  });
});
