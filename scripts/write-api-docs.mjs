// The last step of `pnpm build`: writes the OpenAPI document and the API reference generated from
// it (docs/openapi.json, docs/api.md) from the freshly built @crawlgate/core. A test
// (integration-tests docs.test.ts) fails when the committed files differ from what this writes.
import { writeFileSync } from "node:fs";
import { apiMarkdown, openApiDocument } from "../packages/core/dist/index.js";

const docs = new URL("../docs/", import.meta.url);
const document = openApiDocument();
writeFileSync(new URL("openapi.json", docs), `${JSON.stringify(document, null, 2)}\n`);
writeFileSync(new URL("api.md", docs), apiMarkdown(document));
console.log("wrote docs/openapi.json and docs/api.md");
