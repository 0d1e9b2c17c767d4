// Accessibility check for e2e specs: axe-core (WCAG 2.0/2.1 A and AA rules) on the current page;
// "serious" and "critical" violations fail the test, with each rule and its first offending nodes listed.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectNoSeriousA11yViolations(page: Page, opts: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  // Toasts are transient overlays: axe reads their colours mid fade-in (partly transparent) and reports a
  // contrast their settled AA shades (components/ui/Toaster.tsx, app/globals.css) do not have.
  for (const sel of ["[data-sonner-toaster]", ...(opts.exclude ?? [])]) builder = builder.exclude(sel);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join("\n  ")}`,
  );
  expect(report, `axe on ${page.url()}`).toEqual([]);
}
