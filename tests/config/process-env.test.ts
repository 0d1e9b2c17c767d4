// Where the environment is read. server/config.ts is the service's only reader of process.env: anything else in
// server/, app/, components/, prisma/, proxy.ts or instrumentation.ts reads the typed config. The places that may
// still read it are the ones biome.json exempts from its noProcessEnv rule (scripts, the tests' harness, the
// tools' config files, the integrators' samples); this test also catches what that rule does not see
// (`const { env } = process`, `node:process`). Every variable read anywhere is in server/config.ts's table, so
// .env.example names it; and no client component reaches server/config.ts through its imports.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { VARIABLES } from "@/server/config";

const ROOT = process.cwd();
const SKIP = new Set([
  "node_modules",
  ".next",
  ".git",
  ".data",
  "server/generated",
  "sdk/src/generated",
  "sdk/dist",
  "test-results",
  "playwright-report",
]);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function sources(dir = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = dir ? `${dir}/${name}` : name;
    if (SKIP.has(rel) || SKIP.has(name)) continue;
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

/** The files biome.json lets read process.env (the override that turns noProcessEnv off). */
function allowedByBiome(): (file: string) => boolean {
  const biome = JSON.parse(readFileSync("biome.json", "utf8"));
  const override = biome.overrides.find(
    (o: { linter?: { rules?: { style?: { noProcessEnv?: string } } } }) =>
      o.linter?.rules?.style?.noProcessEnv === "off",
  );
  const globs: string[] = override.includes;
  return (file) => globs.some((g) => (g.endsWith("/**") ? file.startsWith(g.slice(0, -2)) : file === g));
}

interface EnvUse {
  file: string;
  line: number;
  what: string;
  name?: string;
}

const isProcess = (e: ts.Expression) =>
  (ts.isIdentifier(e) && e.text === "process") ||
  (ts.isPropertyAccessExpression(e) && e.name.text === "process" && ts.isIdentifier(e.expression));

/** Every read of the environment in a file: process.env (member or element access), `{ env } = process`, node:process. */
function envUses(file: string): EnvUse[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const uses: EnvUse[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    let envNode: ts.Expression | undefined;
    if (ts.isPropertyAccessExpression(node) && node.name.text === "env" && isProcess(node.expression)) envNode = node;
    if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      node.argumentExpression.text === "env" &&
      isProcess(node.expression)
    )
      envNode = node;
    if (envNode) {
      const parent = envNode.parent;
      let name: string | undefined;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === envNode) name = parent.name.text;
      if (
        ts.isElementAccessExpression(parent) &&
        parent.expression === envNode &&
        ts.isStringLiteralLike(parent.argumentExpression)
      )
        name = parent.argumentExpression.text;
      uses.push({ file, line: at(node), what: "process.env", name });
    }
    if (
      ts.isVariableDeclaration(node) &&
      ts.isObjectBindingPattern(node.name) &&
      node.initializer &&
      isProcess(node.initializer) &&
      node.name.elements.some((e) => (e.propertyName ?? e.name).getText(source) === "env")
    )
      uses.push({ file, line: at(node), what: "{ env } = process" });
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      ["process", "node:process"].includes(node.moduleSpecifier.text)
    )
      uses.push({ file, line: at(node), what: `import from "${node.moduleSpecifier.text}"` });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

const files = sources();
const uses = files.flatMap(envUses);
const where = (u: EnvUse) => `${u.file}:${u.line} ${u.what}${u.name ? `.${u.name}` : ""}`;

describe("reading the environment", () => {
  it("finds the readers it should (the scan works)", () => {
    expect(uses.some((u) => u.file === "server/config.ts")).toBe(true);
    expect(uses.some((u) => u.file === "scripts/start.mjs" && u.name === "PORT")).toBe(true);
  });

  it("process.env is read only by server/config.ts and the places biome.json exempts", () => {
    const allowed = allowedByBiome();
    expect(allowed("server/config.ts")).toBe(true);
    expect(allowed("server/db.ts")).toBe(false);
    expect(uses.filter((u) => !allowed(u.file)).map(where)).toEqual([]);
  });

  it("only server/config.ts reads it in the service's own folders", () => {
    const service = /^(server|app|components|prisma|lib|public)\/|^(proxy|instrumentation|middleware)\.ts$/;
    expect(uses.filter((u) => service.test(u.file) && u.file !== "server/config.ts").map(where)).toEqual([]);
  });

  it("every variable read anywhere is in server/config.ts's table (so .env.example lists it)", () => {
    // the operating system's own, and the integrators' samples' (docs/samples: their programs, their variables)
    const notOurs = new Set(["PATH"]);
    const unknown = uses.filter(
      (u) => u.name && !u.file.startsWith("docs/samples/") && !notOurs.has(u.name) && !(u.name in VARIABLES),
    );
    expect(unknown.map(where)).toEqual([]);
  });
});

describe("client components", () => {
  /** A module's runtime imports that are files of this project (type-only imports are erased). */
  function projectImports(file: string): string[] {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const out: string[] = [];
    const resolve = (spec: string) => {
      const base = spec.startsWith("@/")
        ? spec.slice(2)
        : spec.startsWith(".")
          ? path.join(path.dirname(file), spec)
          : null;
      if (base === null) return;
      for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
        if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return out.push(candidate);
    };
    for (const s of source.statements) {
      if (ts.isImportDeclaration(s) && !s.importClause?.isTypeOnly && ts.isStringLiteral(s.moduleSpecifier))
        resolve(s.moduleSpecifier.text);
      if (ts.isExportDeclaration(s) && !s.isTypeOnly && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier))
        resolve(s.moduleSpecifier.text);
    }
    return out;
  }

  it("none reaches server/config.ts through its imports (the browser has no server configuration)", () => {
    const clients = files.filter((f) => /^\s*["']use client["']/.test(readFileSync(f, "utf8")));
    expect(clients.length).toBeGreaterThan(10);
    const offending: string[] = [];
    const reached = new Set<string>();
    for (const client of clients) {
      const seen = new Map<string, string>([[client, ""]]);
      const queue = [client];
      while (queue.length) {
        const file = queue.shift()!;
        for (const next of projectImports(file)) {
          if (seen.has(next)) continue;
          seen.set(next, file);
          queue.push(next);
        }
      }
      for (const file of seen.keys()) reached.add(file);
      if (seen.has("server/config.ts")) {
        const chain = ["server/config.ts"];
        while (seen.get(chain[0])) chain.unshift(seen.get(chain[0])!);
        offending.push(chain.join(" → "));
      }
    }
    expect(offending).toEqual([]);
    // the walk follows @/ imports into server/ (the tRPC client's transformer), so it would see the config
    expect([...reached].some((f) => f.startsWith("server/"))).toBe(true);
  });
});
