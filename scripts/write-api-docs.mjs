// The last step of `pnpm build`: writes the OpenAPI document and the API reference generated from
// it (docs/openapi.json, docs/api.md) from the freshly built @crawlgate/core. Under CI=true it
// writes nothing and fails when a committed file differs from what it would write, so a schema
// change without its regenerated docs cannot land (the test integration-tests api-docs.test.ts
// checks the same from the sources).
import { readFileSync, writeFileSync } from "node:fs";
import { apiMarkdown } from "../packages/core/dist/adapter-kit.js";
import { openApiDocument } from "../packages/core/dist/index.js";

const docs = new URL("../docs/", import.meta.url);
const document = openApiDocument();
const files = {
  "openapi.json": `${JSON.stringify(document, null, 2)}\n`,
  "api.md": apiMarkdown(document),
};

const read = (name) => {
  try {
    return readFileSync(new URL(name, docs), "utf8");
  } catch {
    return null;
  }
};

if (process.env.CI === "true") {
  const stale = Object.keys(files).filter((name) => read(name) !== files[name]);
  if (stale.length > 0) {
    console.error(
      `docs/${stale.join(" and docs/")} differ from the schemas: run \`pnpm build\` and commit them`,
    );
    process.exit(1);
  }
  console.log("docs/openapi.json and docs/api.md are up to date");
} else {
  for (const [name, text] of Object.entries(files)) writeFileSync(new URL(name, docs), text);
  console.log("wrote docs/openapi.json and docs/api.md");
}
