// The SDK as an integrator installs it: `npm pack` in sdk/ builds dist (tsc, .d.ts) and packs
// it; the tarball, unpacked into an empty project next to its one runtime dependency (openapi-fetch), is
// type-checked from its declarations (NodeNext resolution) and imported by plain Node — no tsx, no
// bundler, no path alias — to run one real request against the app (over loopback HTTP, answered by the
// route files in this process).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inProcessFetch, seed, useSeed } from "@/tests/helpers";
import { DEMO_KEY } from "./_samples";

const run = promisify(execFile);
const ROOT = path.resolve(".");
const BIN = path.join(ROOT, "node_modules/.bin");
const env = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH}` };
let tmp: string;
let project: string;
let tarball: string;
let server: Server;
let baseUrl: string;

useSeed(seed, () => undefined);

/** A loopback HTTP server that hands every request to the route files (tests/helpers.ts inProcessFetch). */
function bridge(): Promise<Server> {
  const http = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const answer = await inProcessFetch(`http://test.local${req.url}`, { method: req.method, headers, body });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  return new Promise((resolve) => http.listen(0, "127.0.0.1", () => resolve(http)));
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "sdk-pack-"));
  server = await bridge();
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  // npm pack runs the package's prepack script: tsc -p sdk/tsconfig.json → sdk/dist
  await run("npm", ["pack", "--pack-destination", tmp], { cwd: path.join(ROOT, "sdk"), env });
  tarball = path.join(tmp, readdirSync(tmp).find((name) => name.endsWith(".tgz"))!);
  project = path.join(tmp, "shop");
  const modules = path.join(project, "node_modules");
  mkdirSync(path.join(modules, "@subscription-contracts"), { recursive: true });
  await run("tar", ["-xzf", tarball, "-C", tmp]);
  renameSync(path.join(tmp, "package"), path.join(modules, "@subscription-contracts/sdk"));
  symlinkSync(path.join(ROOT, "node_modules/openapi-fetch"), path.join(modules, "openapi-fetch"));
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "shop", type: "module", private: true }));
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

it("the tarball holds the built entry and its declarations, not the sources", async () => {
  const { stdout } = await run("tar", ["-tzf", tarball]);
  const files = stdout.trim().split("\n");
  for (const file of ["package.json", "README.md", "dist/index.js", "dist/index.d.ts", "dist/generated/openapi.d.ts"])
    expect(files).toContain(`package/${file}`);
  expect(files.filter((file) => file.startsWith("package/src/"))).toEqual([]);
});

it("an integrator's TypeScript type-checks against the built declarations (typed paths, NodeNext)", async () => {
  writeFileSync(
    path.join(project, "check.ts"),
    [
      'import { ApiError, createClient, unwrap } from "@subscription-contracts/sdk";',
      'const client = createClient({ apiKey: "sk_test_x", baseUrl: "http://127.0.0.1:1/api" });',
      'const prices = await unwrap(client.GET("/v2/catalog/prices/"));',
      "export const count: number = Array.isArray(prices) ? prices.length : prices.count;",
      "// @ts-expect-error an unknown path is a type error: the declarations are real, not any",
      'client.GET("/v2/no-such-path/");',
      "export const isError = (e: unknown) => e instanceof ApiError && e.status === 400;",
    ].join("\n"),
  );
  const args = ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022"];
  const types = ["--lib", "es2023,dom", "--types", "node", "--typeRoots", path.join(ROOT, "node_modules/@types")];
  await expect(run("tsc", [...args, ...types, "check.ts"], { cwd: project, env })).resolves.toBeDefined();
}, 180_000);

it("plain Node imports the built package and runs a real request against the app", async () => {
  writeFileSync(
    path.join(project, "list-prices.mjs"),
    [
      'import { createClient, unwrap } from "@subscription-contracts/sdk";',
      "const client = createClient({ apiKey: process.env.API_KEY, baseUrl: process.env.API_BASE_URL });",
      'const list = await unwrap(client.GET("/v2/catalog/prices/"));',
      "const prices = Array.isArray(list) ? list : list.results;",
      "console.log(JSON.stringify({ count: prices.length, first: prices[0]?.currency }));",
    ].join("\n"),
  );
  const { stdout } = await run(process.execPath, ["list-prices.mjs"], {
    cwd: project,
    env: { NODE_ENV: "production", PATH: process.env.PATH, API_KEY: DEMO_KEY, API_BASE_URL: baseUrl },
  });
  const result = JSON.parse(stdout);
  expect(result.count).toBeGreaterThan(0);
  expect(result.first).toMatch(/^[A-Z]{3}$/);
});
