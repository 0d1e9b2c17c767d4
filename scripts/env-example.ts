// `npm run env:example`: writes .env.example from the table of variables in server/config.ts (every variable,
// its default and a line of meaning); tests/config/env-example.test.ts fails when the file is out of date.
import { writeFileSync } from "node:fs";
import { renderEnvExample } from "@/server/config";

writeFileSync(".env.example", renderEnvExample());
console.log(".env.example written");
