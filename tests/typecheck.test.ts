// The whole project (app, server, tests, scripts, e2e) type-checks; `next build` checks only the app.
import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";

it("tsc --noEmit passes for the whole project", () => {
  let out = "";
  try {
    execFileSync("node_modules/.bin/tsc", ["--noEmit", "-p", "."], { encoding: "utf8", stdio: "pipe" });
  } catch (e) {
    out = String((e as { stdout?: string }).stdout ?? e);
  }
  expect(out).toBe("");
}, 240_000);
