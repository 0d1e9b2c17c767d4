// The SDK's generated types must match the OpenAPI document of the current endpoint registry.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { GENERATED_TYPES_FILE, generatedTypes } from "@/scripts/sdk/sources";

it("sdk/src/generated/openapi.ts is up to date (run `npm run sdk:generate` after changing endpoints or schemas)", async () => {
  const committed = readFileSync(GENERATED_TYPES_FILE, "utf8");
  expect(committed === (await generatedTypes()), "stale SDK: run `npm run sdk:generate`").toBe(true);
});
