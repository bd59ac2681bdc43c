import { writeFileSync } from "node:fs";
import { GENERATED_FILE, generatedTypes } from "./openapi-types.js";

writeFileSync(GENERATED_FILE, await generatedTypes());
console.log("wrote packages/client/src/generated/openapi.ts");
