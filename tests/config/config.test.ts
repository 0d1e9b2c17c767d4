// The typed configuration (server/config.ts): defaults and types, an empty value as unset, every variable that
// does not parse named at once (a secret's value never repeated), the boot check refusing such a configuration,
// and a change of the environment taking effect through reloadConfig (getDb follows DATABASE_URL).
import { describe, expect, it } from "vitest";
import { ConfigError, config, parseConfig, reloadConfig, startupProblems } from "@/server/config";
import { getDb } from "@/server/db";
import { setEnv } from "@/tests/env";

describe("parseConfig", () => {
  it("applies defaults and types", () => {
    const cfg = parseConfig({});
    expect(cfg).toMatchObject({
      NODE_ENV: "development",
      DB_POOL_SIZE: 10,
      DB_FAST_POOL_SIZE: 4,
      DB_CONNECT_TIMEOUT_MS: 3000,
      HEALTH_TIMEOUT_MS: 2000,
      AUTH_CACHE: true,
      WEBHOOKS_ALLOW_LOOPBACK: false,
      SANDBOX_PROCESSOR_CALLBACKS: true,
      EMBEDDED_DATABASE: false,
      TICK_SECONDS: 5,
      SEED_KEYS_FILE: ".data/demo-keys.json",
    });
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.APP_URL).toBeUndefined();
    expect(cfg.LOG_LEVEL).toBeUndefined();
    expect(Object.isFrozen(cfg)).toBe(true);
  });

  it("reads the values given: numbers, switches (1/0, on/off, any case), URLs, levels", () => {
    const cfg = parseConfig({
      DB_POOL_SIZE: "3",
      AUTH_CACHE: "OFF",
      WEBHOOKS_ALLOW_LOOPBACK: "1",
      SANDBOX_PROCESSOR_CALLBACKS: "off",
      APP_URL: "https://billing.example.com",
      DATABASE_URL: "postgres://u:p@db.example.com/prod",
      LOG_LEVEL: "warn",
      SMTP_URL: "  smtp://127.0.0.1:2525 ",
    });
    expect(cfg).toMatchObject({
      DB_POOL_SIZE: 3,
      AUTH_CACHE: false,
      WEBHOOKS_ALLOW_LOOPBACK: true,
      SANDBOX_PROCESSOR_CALLBACKS: false,
      APP_URL: "https://billing.example.com",
      LOG_LEVEL: "warn",
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
  });

  it("an empty value is unset (as in a dotenv file)", () => {
    const cfg = parseConfig({ DB_POOL_SIZE: "", APP_URL: "", NEXTAUTH_SECRET: "" });
    expect(cfg.DB_POOL_SIZE).toBe(10);
    expect(cfg.APP_URL).toBeUndefined();
    expect(cfg.NEXTAUTH_SECRET).toBeUndefined();
  });

  it("names every variable that does not parse, and never repeats a secret's value", () => {
    let error: unknown;
    try {
      parseConfig({
        DB_POOL_SIZE: "ten",
        DB_CONNECT_TIMEOUT_MS: "0",
        AUTH_CACHE: "maybe",
        NODE_ENV: "staging",
        APP_URL: "billing.example.com",
        DATABASE_URL: "mysql://root:hunter2@db/x",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toEqual([
      'NODE_ENV: one of development, production, test is required (got "staging")',
      "DATABASE_URL: a postgresql:// URL is required",
      'DB_POOL_SIZE: a whole number of at least 1 is required (got "ten")',
      'DB_CONNECT_TIMEOUT_MS: a whole number of at least 1 is required (got "0")',
      'APP_URL: an http(s) URL is required (got "billing.example.com")',
      'AUTH_CACHE: 1 (on) or 0 (off) is required (got "maybe")',
    ]);
    expect(message).not.toContain("hunter2");
    expect(message).toContain(".env.example");
  });

  it("the boot check refuses a configuration that does not parse, before the production rules", () => {
    expect(startupProblems({ DB_POOL_SIZE: "-1" })).toEqual([
      'Refusing to start: DB_POOL_SIZE: a whole number of at least 1 is required (got "-1").',
    ]);
    expect(startupProblems({})).toEqual([]);
  });
});

describe("config() and reloadConfig()", () => {
  it("is parsed once and kept until reloaded", () => {
    const first = config();
    expect(config()).toBe(first);
    const undo = setEnv({ HEALTH_TIMEOUT_MS: "1234" }); // setEnv reloads
    try {
      expect(config()).not.toBe(first);
      expect(config().HEALTH_TIMEOUT_MS).toBe(1234);
    } finally {
      undo();
    }
    expect(config().HEALTH_TIMEOUT_MS).toBe(2000);
    const before = process.env.HEALTH_TIMEOUT_MS;
    process.env.HEALTH_TIMEOUT_MS = "4321"; // without a reload nothing changes
    try {
      expect(config().HEALTH_TIMEOUT_MS).toBe(2000);
      expect(reloadConfig().HEALTH_TIMEOUT_MS).toBe(4321);
    } finally {
      setEnv({ HEALTH_TIMEOUT_MS: before });
    }
  });

  it("getDb() follows DATABASE_URL: one client per database", async () => {
    const own = getDb();
    expect(getDb()).toBe(own);
    const other = new URL(config().DATABASE_URL!);
    other.pathname = "/postgres";
    const undo = setEnv({ DATABASE_URL: other.toString() });
    try {
      const switched = getDb();
      expect(switched).not.toBe(own);
      const [{ db }] = await switched.$queryRaw<{ db: string }[]>`select current_database() as db`;
      expect(db).toBe("postgres");
      await switched.$disconnect();
    } finally {
      undo();
    }
    const [{ db }] = await getDb().$queryRaw<{ db: string }[]>`select current_database() as db`;
    expect(db).toBe(new URL(config().DATABASE_URL!).pathname.slice(1));
  });

  it("a variable that does not parse makes config() throw until it is fixed", () => {
    const before = process.env.DB_POOL_SIZE;
    process.env.DB_POOL_SIZE = "lots";
    try {
      expect(() => reloadConfig()).toThrow(/DB_POOL_SIZE/);
      expect(() => config()).toThrow(ConfigError);
    } finally {
      setEnv({ DB_POOL_SIZE: before });
    }
    expect(config().DB_POOL_SIZE).toBeGreaterThan(0);
  });
});
