// No default secrets: generated on first use, kept in the database (the same value after a restart and
// in every process), overridden by NEXTAUTH_SECRET / APP_SECRET, and a refusal to start in production
// against an external database without an explicit secret or without APP_URL (scripts/start.mjs and the
// app's boot check, with the rules in server/config.ts).
import { execFile } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  appUrlConfigProblem as appUrlProblemOf,
  type Env,
  parseConfig,
  secretsConfigProblem as secretsProblemOf,
  startupProblems,
} from "@/server/config";
import { readPreview, signPreview } from "@/server/domain/contracts/previewToken";
import { clearSecretCache, getSecret } from "@/server/secrets";
import { setEnv, withEnv } from "@/tests/env";
import { db } from "@/tests/helpers";

setEnv({ NEXTAUTH_SECRET: undefined, APP_SECRET: undefined });
const secretsConfigProblem = (env: Env) => secretsProblemOf(parseConfig(env));
const appUrlConfigProblem = (env: Env) => appUrlProblemOf(parseConfig(env));

function run(
  cmd: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { env: { PATH: process.env.PATH, ...env } as unknown as NodeJS.ProcessEnv, cwd: process.cwd(), timeout: 60_000 },
      (err, stdout, stderr) =>
        resolve({
          code: err ? (typeof err.code === "number" ? err.code : -1) : 0,
          out: String(stdout) + String(stderr),
        }),
    );
  });
}

describe("generated secrets", () => {
  it("auth and preview secrets are random, distinct, stored, and read back unchanged after a restart (another process)", async () => {
    const [auth, preview] = [await getSecret("auth"), await getSecret("preview")];
    expect(auth).not.toBe(preview);
    expect(auth.length).toBeGreaterThanOrEqual(43);
    expect((await db().appSecret.findMany({ orderBy: { name: "asc" } })).map((r) => [r.name, r.value])).toEqual([
      ["auth", auth],
      ["preview", preview],
    ]);
    clearSecretCache();
    expect(await getSecret("auth")).toBe(auth);
    const child = await run(
      path.resolve("node_modules/.bin/tsx"),
      [
        "-e",
        "import('./server/secrets.ts').then(async (m) => { console.log(await m.getSecret('auth')); process.exit(0); })",
      ],
      { DATABASE_URL: process.env.DATABASE_URL },
    );
    expect(child.out.trim().split("\n").pop()).toBe(auth);
    // a preview token signed before the "restart" is still accepted after it
    const token = await signPreview({
      contractId: 1,
      contractVersion: 1,
      operation: "cancel",
      paramsHash: "p",
      effectiveAt: "e",
      amountsDigest: "d",
      expiresAt: 1,
    });
    clearSecretCache();
    expect(await readPreview(token)).toMatchObject({ contractId: 1, operation: "cancel" });
  });

  it("concurrent first uses agree on one value", async () => {
    await db().appSecret.deleteMany({});
    clearSecretCache();
    const values = await Promise.all(Array.from({ length: 8 }, () => (clearSecretCache(), getSecret("preview"))));
    expect(new Set(values).size).toBe(1);
  });

  it("NEXTAUTH_SECRET / APP_SECRET override the stored ones; one of them serves both purposes with distinct derived keys", async () => {
    await withEnv({ NEXTAUTH_SECRET: "an explicit operator secret" }, async () => {
      expect(await getSecret("auth")).toBe("an explicit operator secret");
      const preview = await getSecret("preview");
      expect(preview).not.toBe("an explicit operator secret");
      expect(preview).not.toBe((await db().appSecret.findUnique({ where: { name: "preview" } }))?.value);
    });
  });
});

describe("production without explicit secrets", () => {
  it("the rule: production + external DATABASE_URL + no NEXTAUTH_SECRET/APP_SECRET → problem; each other case is fine", () => {
    const url = "postgresql://u:p@db.example.com/prod";
    expect(secretsConfigProblem({ NODE_ENV: "production", DATABASE_URL: url })).toMatch(
      /Refusing to start.*NEXTAUTH_SECRET/,
    );
    expect(secretsConfigProblem({ NODE_ENV: "production", DATABASE_URL: url, NEXTAUTH_SECRET: "x" })).toBeNull();
    expect(secretsConfigProblem({ NODE_ENV: "production", DATABASE_URL: url, APP_SECRET: "x" })).toBeNull();
    expect(secretsConfigProblem({ NODE_ENV: "production", DATABASE_URL: url, EMBEDDED_DATABASE: "1" })).toBeNull();
    expect(secretsConfigProblem({ NODE_ENV: "development", DATABASE_URL: url })).toBeNull();
    // npm start without NODE_ENV=production: `next start` forces NODE_ENV, the operator's choice comes as APP_ENV
    expect(secretsConfigProblem({ NODE_ENV: "production", APP_ENV: "development", DATABASE_URL: url })).toBeNull();
    expect(secretsConfigProblem({ NODE_ENV: "production", APP_ENV: "production", DATABASE_URL: url })).not.toBeNull();
  });

  it("APP_URL: required by the same production rule (absolute URLs never follow Host there); development keeps the fallback", () => {
    const url = "postgresql://u:p@db.example.com/prod";
    const prod = { NODE_ENV: "production", DATABASE_URL: url, NEXTAUTH_SECRET: "s" } as const;
    expect(appUrlConfigProblem(prod)).toMatch(/Refusing to start.*APP_URL/);
    // not a URL: the configuration itself does not parse, which refuses to start anywhere
    expect(startupProblems({ ...prod, APP_URL: "billing.example.com" })).toEqual([
      expect.stringMatching(/^Refusing to start: APP_URL: an http\(s\) URL is required/),
    ]);
    expect(appUrlConfigProblem({ ...prod, APP_URL: "https://billing.example.com" })).toBeNull();
    expect(appUrlConfigProblem({ ...prod, EMBEDDED_DATABASE: "1" })).toBeNull();
    expect(appUrlConfigProblem({ ...prod, APP_ENV: "development" })).toBeNull();
    expect(appUrlConfigProblem({ NODE_ENV: "development", DATABASE_URL: url })).toBeNull();
    expect(startupProblems({ NODE_ENV: "production", DATABASE_URL: url })).toHaveLength(2);
    expect(startupProblems({ ...prod, APP_URL: "https://billing.example.com" })).toEqual([]);
  });

  it("npm start refuses at once (exit code 1, a clear message)", async () => {
    const r = await run(process.execPath, ["scripts/start.mjs"], {
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://u:p@127.0.0.1:1/none",
      SKIP_BUILD: "1",
      NO_WORKER: "1",
    });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/Refusing to start.*NEXTAUTH_SECRET/);
    // not in production: it goes on (and fails only because this database does not exist)
    const dev = await run(process.execPath, ["scripts/start.mjs"], {
      DATABASE_URL: "postgresql://u:p@127.0.0.1:1/none",
      SKIP_BUILD: "1",
      NO_WORKER: "1",
    });
    expect(dev.out).not.toMatch(/Refusing to start/);
    expect(dev.out).toMatch(/database: DATABASE_URL/);
    // with secrets but without APP_URL: refused for APP_URL alone; with it, it goes on
    const noUrl = await run(process.execPath, ["scripts/start.mjs"], {
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://u:p@127.0.0.1:1/none",
      NEXTAUTH_SECRET: "s",
      SKIP_BUILD: "1",
      NO_WORKER: "1",
    });
    expect(noUrl.code).toBe(1);
    expect(noUrl.out).toMatch(/Refusing to start.*APP_URL/);
    expect(noUrl.out).not.toMatch(/NEXTAUTH_SECRET/);
    const withUrl = await run(process.execPath, ["scripts/start.mjs"], {
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://u:p@127.0.0.1:1/none",
      NEXTAUTH_SECRET: "s",
      APP_URL: "https://billing.example.com",
      SKIP_BUILD: "1",
      NO_WORKER: "1",
    });
    expect(withUrl.out).not.toMatch(/Refusing to start/);
    expect(withUrl.out).toMatch(/database: DATABASE_URL/);
  }, 90_000);

  it("the app's boot check (instrumentation) exits non-zero too", async () => {
    const script = "import('./instrumentation.ts').then((m) => m.register()).then(() => console.log('started'))";
    const refused = await run(path.resolve("node_modules/.bin/tsx"), ["-e", script], {
      NODE_ENV: "production",
      NEXT_RUNTIME: "nodejs",
      DATABASE_URL: "postgresql://u:p@db.example.com/prod",
    });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/Refusing to start/);
    const noUrl = await run(path.resolve("node_modules/.bin/tsx"), ["-e", script], {
      NODE_ENV: "production",
      NEXT_RUNTIME: "nodejs",
      DATABASE_URL: "postgresql://u:p@db.example.com/prod",
      NEXTAUTH_SECRET: "s",
    });
    expect(noUrl.code).toBe(1);
    expect(noUrl.out).toMatch(/Refusing to start.*APP_URL/);
    const ok = await run(path.resolve("node_modules/.bin/tsx"), ["-e", script], {
      NODE_ENV: "production",
      NEXT_RUNTIME: "nodejs",
      DATABASE_URL: "postgresql://u:p@db.example.com/prod",
      NEXTAUTH_SECRET: "s",
      APP_URL: "https://billing.example.com",
    });
    expect(ok.out).toContain("started");
  }, 90_000);

  it("getSecret itself refuses in that configuration (no silent generation)", async () => {
    clearSecretCache();
    await withEnv({ NODE_ENV: "production" }, async () => {
      await expect(getSecret("auth")).rejects.toThrow(/Refusing to start/);
    });
  });
});
