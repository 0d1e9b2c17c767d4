// `npm run sdk:generate` (and `npm install`'s postinstall): writes the SDK's generated types from the endpoint registry.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GENERATED_TYPES_FILE, generatedTypes } from "./sources";

mkdirSync(path.dirname(GENERATED_TYPES_FILE), { recursive: true });
writeFileSync(GENERATED_TYPES_FILE, await generatedTypes());
console.log(`wrote ${GENERATED_TYPES_FILE}`);
process.exit(0);
