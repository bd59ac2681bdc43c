// The client's types are generated from the OpenAPI document (the one the API serves at
// /functions/v1/openapi.json and `pnpm build` writes to docs/openapi.json) by openapi-typescript,
// into src/generated/openapi.ts. `generate-types.ts` writes the file; a test checks it is current.
import openapiTS, { astToString } from "openapi-typescript";
import { openApiDocument } from "../../core/src/api/openapi/document.js";

export const GENERATED_FILE = new URL("../src/generated/openapi.ts", import.meta.url);

const BANNER = [
  "// Generated from the crawlgate OpenAPI document by openapi-typescript. Do not edit:",
  "// run `pnpm --filter @crawlgate/client generate` (or `pnpm build`) after changing a schema.",
  "",
].join("\n");

/** The text of src/generated/openapi.ts for the current document. */
export async function generatedTypes(): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript takes its own document type
  const ast = await openapiTS(openApiDocument() as any, {
    // A field with a default (`ruleType`, `priority`, `isActive` of a new rule) stays optional in
    // a request body; openapi-typescript 7 makes such fields required unless told otherwise.
    defaultNonNullable: false,
  });
  return `${BANNER}${astToString(ast)}`;
}
