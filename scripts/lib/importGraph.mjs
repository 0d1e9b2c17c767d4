// The import-graph checks of `npm test`, one place for the runner (scripts/test.mjs) and the test that proves
// they fail (tests/layers/import-graph.test.ts). Both are Biome rules configured in biome.json:
//  - layers: `style/noRestrictedImports`, per folder (overrides), e.g. server/ never imports components/ or
//    app/, server/domain never imports a transport; it runs within `biome ci` with formatting and lint;
//  - cycles: `suspicious/noImportCycles` over the module graph Biome resolves (`@/` through tsconfig.json's
//    paths), type-only imports included; a step of its own that prints each cycle it finds.
import path from "node:path";
import { run } from "./run.mjs";

const root = path.resolve(import.meta.dirname, "../..");
export const biomeBin = path.join(root, "node_modules/.bin/biome");
const CYCLES = "suspicious/noImportCycles";

/** `biome ci` in `cwd`: format, lint and the layer rules; the cycles are checkImportCycles' (counted once). */
export const biomeCi = ({ cwd = root, quiet = false, reporter = "summary" } = {}) =>
  run(biomeBin, ["ci", `--reporter=${reporter}`, `--skip=${CYCLES}`, "."], { cwd, quiet });

/** The import cycles among the files biome.json includes, in `cwd`: exit code 0 when there is none. */
export const checkImportCycles = ({ cwd = root, quiet = false } = {}) =>
  run(biomeBin, ["lint", `--only=${CYCLES}`, "--max-diagnostics=none", "."], { cwd, quiet });
