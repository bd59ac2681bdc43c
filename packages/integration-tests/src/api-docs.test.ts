import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { openApiDocument } from "@crawlgate/core";
import { apiMarkdown } from "@crawlgate/core/adapter-kit";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "./source-files.js";

const OPENAPI_FILE = join(ROOT, "docs/openapi.json");
const API_MD_FILE = join(ROOT, "docs/api.md");
const REBUILD = "run `pnpm build` (or `pnpm docs:api` after building core) and commit the result";

describe("docs/openapi.json and docs/api.md", () => {
  it("are what the build writes from the current schemas", () => {
    const document = openApiDocument();
    expect(readFileSync(OPENAPI_FILE, "utf8"), REBUILD).toBe(
      `${JSON.stringify(document, null, 2)}\n`,
    );
    expect(readFileSync(API_MD_FILE, "utf8"), REBUILD).toBe(apiMarkdown(document));
  });

  it("gives openapi-typescript types that compile, with every operation", async () => {
    const ast = await openapiTS(pathToFileURL(OPENAPI_FILE));
    const types = astToString(ast);
    for (const name of ["purgeCache", "exportCrawlLogs", "createRoutingRule", "getSnapshot"]) {
      expect(types).toContain(`${name}: {`);
    }
    const dir = await mkdtemp(join(tmpdir(), "crawlgate-openapi-ts-"));
    try {
      const file = join(dir, "api.d.ts");
      const use = join(dir, "use.ts");
      await writeFile(file, types);
      // The generated types, used as a client would: a misspelt field must not compile.
      await writeFile(
        use,
        [
          'import type { components } from "./api.js";',
          'type Rule = components["schemas"]["RoutingRule"];',
          'export const ok: Rule["redirectCode"] = 301;',
          'type Page = components["schemas"]["ExportPageAnalyticsResponse"];',
          "export const next = (page: Page): string | null => page.nextCursor;",
          "// @ts-expect-error misspelt field",
          "export const bad = (page: Page) => page.nextCursur;",
          "",
        ].join("\n"),
      );
      const program = ts.createProgram([file, use], {
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        types: [],
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      expect(diagnostics).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
