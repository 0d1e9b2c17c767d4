// No English left on a customer's page (issue 33 item 5): the customer-facing components and pages may not hold
// words of their own in JSX: text between tags, a string literal in braces, or a string literal in an attribute
// people read (aria-label, title, placeholder, alt, label…). Words come from messages/<locale>.json through
// t(…). Brand names and symbols are allowed below; the console (app/admin, components/ui) is English by design.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOTS = [
  "components/subscriber",
  "components/portal",
  "components/pay",
  "components/receipt",
  "app/portal",
  "app/change_contract",
  "app/pay",
];
/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "title",
  "placeholder",
  "alt",
  "label",
  "confirmLabel",
  "cancelLabel",
  "pendingLabel",
  "description",
  "hint",
]);
/** Not words: card-number examples and the like. */
const ALLOWED = new Set(["CVC"]);

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx$/.test(name) ? [path] : [];
  });

const hasWords = (text: string) => text.split(/[^A-Za-zÀ-ÿ]+/).some((word) => word.length >= 2 && !ALLOWED.has(word));

/** A literal itself, or the literal branches of `a ? "x" : "y"`, `a ?? "x"`, `a || "x"` and `a && "x"`. */
function literalsOf(node: ts.Node | undefined): (ts.StringLiteral | ts.NoSubstitutionTemplateLiteral)[] {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return literalsOf(node.right);
  return [];
}

function hardCoded(path: string, text = readFileSync(path, "utf8")): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${relative(process.cwd(), path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)))
      for (const l of literalsOf(node.expression)) if (hasWords(l.text)) found.push(`${where(l)} literal "${l.text}"`);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source))) {
      const init = node.initializer;
      const value = init && ts.isJsxExpression(init) ? init.expression : init;
      for (const l of literalsOf(value))
        if (hasWords(l.text)) found.push(`${where(node)} ${node.name.getText(source)}="${l.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("customer-facing components", () => {
  it("hold no hard-coded words in JSX: every text comes from the catalogs", () => {
    const all = ROOTS.flatMap((root) => files(root));
    expect(all.length).toBeGreaterThan(20);
    expect(all.flatMap((path) => hardCoded(path))).toEqual([]);
  });

  it("catches a hard-coded word (the scan itself works)", () => {
    const probe = `const a = (
      <p aria-label="Close" title={t("x")}>
        Hello {t("name")} {ok ? "Paid" : t("unpaid")} {"·"} <span>{"Ends"}</span> 4242 · € CVC
      </p>
    );`;
    expect(hardCoded("probe.tsx", probe).map((p) => p.replace(/^probe\.tsx:\d+ /, ""))).toEqual([
      'aria-label="Close"',
      'text "Hello"',
      'literal "Paid"',
      'literal "Ends"',
    ]);
  });
});
