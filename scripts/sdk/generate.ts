// `npm run sdk:generate`: rewrites the SDK's generated types from the endpoint registry.
import { writeFileSync } from "node:fs";
import { GENERATED_TYPES_FILE, generatedTypes } from "./sources";

writeFileSync(GENERATED_TYPES_FILE, await generatedTypes());
console.log(`wrote ${GENERATED_TYPES_FILE}`);
process.exit(0);
