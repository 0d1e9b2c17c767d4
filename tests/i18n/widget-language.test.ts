// The widget in the customer's language (docs/decisions.md "Languages"): the loader's `locale` option (?locale=
// on the widget page), else the browser's Accept-Language, else English; the page carries its script's words
// (the widget catalog) and the Intl locale money is formatted with.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { embedCheckoutPage } from "@/server/http/embed";
import { MESSAGES } from "@/server/i18n/catalog";
import { seed } from "@/tests/helpers";
import { createChannel, createSession } from "@/tests/sessions/_widget";

beforeAll(() => seed());

async function page(token: string, query = "", acceptLanguage?: string) {
  const res = await embedCheckoutPage(
    new Request(`http://localhost/embed/checkout/${token}${query}`, {
      headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
    }),
    token,
  );
  return res.text();
}

const words = (html: string) =>
  JSON.parse((/data-messages="([^"]*)"/.exec(html)?.[1] ?? "{}").replace(/&quot;/g, '"').replace(/&amp;/g, "&"));

describe("the widget page's language", () => {
  it("the locale option wins over the browser; the page is German with German words and money", async () => {
    const s = await createSession({ sales_channel: (await createChannel()).id });
    const html = await page(s.token, "?locale=de", "fr-FR,fr;q=0.9");
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('data-intl-locale="de-DE"');
    expect(html).toContain("Kasse wird geladen…");
    expect(words(html).continue).toBe(MESSAGES.de.widget.continue);
  });

  it("without the option: the browser's language, else English", async () => {
    const s = await createSession({ sales_channel: (await createChannel()).id });
    expect(await page(s.token, "", "fi-FI,fi;q=0.9")).toContain('<html lang="fi">');
    const en = await page(s.token, "?locale=xx");
    expect(en).toContain('<html lang="en">');
    expect(en).toContain("Loading the checkout…");
  });

  it("the loader passes the option, else navigator.language, to the widget page", () => {
    const loader = readFileSync("public/embed/v1.js", "utf8");
    expect(loader).toContain("options.locale || navigator.language");
    expect(loader).toContain('"?locale="');
  });
});
