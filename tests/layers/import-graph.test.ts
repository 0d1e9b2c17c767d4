// The import-graph checks of `npm test` fail when they should: each runs, exactly as scripts/test.mjs runs it
// (scripts/lib/importGraph.mjs), on a small project of fixture files under this repository's biome.json.
// A refused upward import makes `biome ci` fail at that import with the rule's message; an import cycle,
// type-only ones included, makes the cycle check fail and print the files of the cycle.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper
import { biomeBin, biomeCi, checkImportCycles } from "@/scripts/lib/importGraph.mjs";
// @ts-expect-error plain ESM helper
import { run } from "@/scripts/lib/run.mjs";

type Ran = { code: number; out: string };
const projects: string[] = [];
afterAll(() => {
  for (const dir of projects) rmSync(dir, { recursive: true, force: true });
});

/** A project with the repository's Biome rules and `@/` paths, holding `files` (path → source). */
async function fixtureProject(files: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "import-graph-"));
  projects.push(dir);
  const config = JSON.parse(readFileSync("biome.json", "utf8"));
  delete config.$schema;
  config.vcs = { enabled: false }; // the fixture is no git work tree
  const tsconfig = JSON.parse(readFileSync("tsconfig.json", "utf8"));
  const all = {
    "biome.json": JSON.stringify(config),
    // Biome reads tsconfig.json's paths (how `@/` resolves) for the package beside it
    "tsconfig.json": JSON.stringify({ compilerOptions: { paths: tsconfig.compilerOptions.paths } }),
    "package.json": JSON.stringify({ name: "import-graph-fixture", private: true }),
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  // formatted as biome.json wants, so that only the import rules can fail
  const formatted: Ran = await run(biomeBin, ["format", "--write", "."], { cwd: dir, quiet: true });
  expect(formatted.code, formatted.out).toBe(0);
  return dir;
}

const importing = (specifier: string) => `import { x } from "${specifier}";\n\nexport const y = x;\n`;
/** Biome's output without colours and terminal links. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is stripped
const plain = (out: string) => out.replace(/\x1b\[[0-9;]*m|\x1b\]8;;[^\x1b]*\x1b\\/g, "");

/** The files `biome ci` refuses for an import rule, relative to `dir`, with the messages. */
function refusedImports(dir: string, out: string): Map<string, string> {
  const refused = new Map<string, string>();
  for (const line of plain(out).split("\n")) {
    const m = /^::error title=lint\/style\/noRestrictedImports,file=([^,]+),.*::(.*)$/.exec(line);
    if (m) refused.set(path.relative(dir, m[1]), m[2]);
  }
  return refused;
}

describe("layer rules (biome.json noRestrictedImports, run by `biome ci`)", () => {
  // each file imports one module; the path says which layer imports, the specifier what
  const refused: Record<string, [string, RegExp]> = {
    "server/receipts/pdf.ts": ["@/components/ui/money", /server\/ may not import components\/ or app\//],
    "server/http/page.ts": ["@/app/admin/layout", /server\/ may not import components\/ or app\//],
    "server/domain/payments/sandbox.ts": [
      "@/server/http/endpoints/public",
      /server\/domain may not import a transport/,
    ],
    "server/domain/a/trpc.ts": ["@/server/trpc/init", /server\/domain may not import a transport/],
    "server/domain/a/worker.ts": ["@/server/worker/billing", /server\/domain may not import a transport/],
    "server/domain/a/admin.ts": ["@/server/admin/loaders", /server\/domain may not import a transport/],
    "server/domain/a/clock.ts": ["@/server/requestClock", /the request clock/],
    "server/domain/a/next.ts": ["next/server", /server\/domain knows no web framework/],
    "server/domain/a/components.ts": ["@/components/ui/money", /server\/ may not import components\/ or app\//],
    "server/domain/a/parent.ts": ["../db", /through @\//],
    "server/trpc/routers/http.ts": ["@/server/http/body", /server\/trpc may not import server\/http or server\/worker/],
    "server/trpc/routers/worker.ts": ["@/server/worker/billing", /server\/trpc may not import/],
    "lib/format/server.ts": ["@/server/domain/money", /lib\/ is below everything/],
    "lib/format/react.ts": ["react", /lib\/ is below everything/],
    "components/ui/page.ts": ["@/app/admin/layout", /components\/ may not import app\//],
  };
  const allowed: Record<string, string> = {
    "server/http/domain.ts": "@/server/domain/money",
    "server/domain/a/db.ts": "@/server/db",
    "server/domain/a/lib.ts": "@/lib/format/money",
    "server/trpc/routers/domain.ts": "@/server/inputChecks",
    "server/receipts/lib.ts": "@/lib/format/money",
    "components/ui/server.ts": "@/server/schemas/contracts",
    "components/ui/lib.ts": "@/lib/format/money",
    "app/admin/page.ts": "@/components/ui/Card",
    "app/api/route.ts": "@/server/http/registry",
    "lib/format/sibling.ts": "./money",
  };

  it("refuses each upward import with its layer's message, and nothing else", async () => {
    const files = Object.fromEntries(
      [...Object.entries(refused).map(([f, [spec]]) => [f, spec]), ...Object.entries(allowed)].map(([f, spec]) => [
        f,
        importing(spec),
      ]),
    );
    // an import written another way is refused all the same
    files["server/receipts/dynamic.ts"] = 'export const load = () => import("@/components/ui/money");\n';
    files["server/receipts/reexport.ts"] = 'export { formatMoney } from "@/components/ui/money";\n';
    const dir = await fixtureProject(files);
    const ci: Ran = await biomeCi({ cwd: dir, quiet: true, reporter: "github" });
    expect(ci.code).not.toBe(0);
    const found = refusedImports(dir, ci.out);
    expect([...found.keys()].sort()).toEqual(
      [...Object.keys(refused), "server/receipts/dynamic.ts", "server/receipts/reexport.ts"].sort(),
    );
    for (const [file, [, message]] of Object.entries(refused)) expect(found.get(file), file).toMatch(message);
  });

  it("passes a project whose imports all point down", async () => {
    const dir = await fixtureProject(Object.fromEntries(Object.entries(allowed).map(([f, s]) => [f, importing(s)])));
    const ci: Ran = await biomeCi({ cwd: dir, quiet: true, reporter: "github" });
    expect(ci.code, plain(ci.out)).toBe(0);
  });
});

describe("import cycles (noImportCycles, the cycle step of npm test)", () => {
  it("fails on a cycle through @/ paths and prints the files of the cycle", async () => {
    const dir = await fixtureProject({
      "server/domain/a/first.ts":
        'import { second } from "@/server/domain/b/second";\n\nexport const first = () => second;\n',
      "server/domain/b/second.ts": 'import { third } from "./third";\n\nexport const second = () => third;\n',
      "server/domain/b/third.ts":
        'import { first } from "@/server/domain/a/first";\n\nexport const third = () => first;\n',
    });
    const cycles: Ran = await checkImportCycles({ cwd: dir, quiet: true });
    expect(cycles.code).not.toBe(0);
    const out = plain(cycles.out);
    expect(out).toMatch(/part of a cycle/);
    for (const file of ["server/domain/a/first.ts", "server/domain/b/second.ts", "server/domain/b/third.ts"])
      expect(out).toContain(file);
  });

  it("counts a cycle of type-only imports too", async () => {
    const dir = await fixtureProject({
      "server/domain/context.ts":
        'import type { Fence } from "@/server/domain/fence";\n\nexport interface Ctx {\n  fence?: Fence;\n}\n',
      "server/domain/fence.ts":
        'import type { Ctx } from "@/server/domain/context";\n\nexport type Fence = (ctx: Ctx) => void;\n',
    });
    const cycles: Ran = await checkImportCycles({ cwd: dir, quiet: true });
    expect(cycles.code).not.toBe(0);
    expect(plain(cycles.out)).toContain("server/domain/fence.ts");
  });

  it("passes the same modules once the shared part sits below both", async () => {
    const dir = await fixtureProject({
      "server/domain/a/first.ts":
        'import { shared } from "@/server/domain/shared";\n\nexport const first = () => shared;\n',
      "server/domain/b/second.ts":
        'import { first } from "@/server/domain/a/first";\nimport { shared } from "@/server/domain/shared";\n\nexport const second = () => [first, shared];\n',
      "server/domain/shared.ts": "export const shared = 1;\n",
    });
    const cycles: Ran = await checkImportCycles({ cwd: dir, quiet: true });
    expect(cycles.code, plain(cycles.out)).toBe(0);
  });
});
