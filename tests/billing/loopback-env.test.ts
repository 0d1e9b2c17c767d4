// When the loopback exception for webhook URLs applies: WEBHOOKS_ALLOW_LOOPBACK=1 outside production, where
// production is the operator's environment (APP_ENV, as npm start and the e2e runner pass it, else NODE_ENV).
import { describe, expect, it } from "vitest";
import { type Env, parseConfig } from "@/server/config";
import { loopbackAllowedByConfig } from "@/server/domain/webhooks/target";

const loopbackAllowedByEnv = (env: Env) => loopbackAllowedByConfig(parseConfig(env));

describe("loopbackAllowedByConfig", () => {
  it("is off without the flag, and never in production", () => {
    expect(loopbackAllowedByEnv({ NODE_ENV: "development" })).toBe(false);
    expect(loopbackAllowedByEnv({ WEBHOOKS_ALLOW_LOOPBACK: "1", NODE_ENV: "development" })).toBe(true);
    // a bare `next start`: NODE_ENV=production and no APP_ENV
    expect(loopbackAllowedByEnv({ WEBHOOKS_ALLOW_LOOPBACK: "1", NODE_ENV: "production" })).toBe(false);
    // npm start with NODE_ENV=production passes APP_ENV=production
    expect(loopbackAllowedByEnv({ WEBHOOKS_ALLOW_LOOPBACK: "1", NODE_ENV: "production", APP_ENV: "production" })).toBe(
      false,
    );
    expect(loopbackAllowedByEnv({ WEBHOOKS_ALLOW_LOOPBACK: "0", NODE_ENV: "production", APP_ENV: "test" })).toBe(false);
  });

  it("is on for a non-production APP_ENV under `next start` (the e2e app)", () => {
    expect(loopbackAllowedByEnv({ WEBHOOKS_ALLOW_LOOPBACK: "1", NODE_ENV: "production", APP_ENV: "test" })).toBe(true);
  });
});
