import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ROUTES } from "../routes.js";
import { openApiDocument } from "./document.js";
import { apiMarkdown } from "./markdown.js";
import { requestFieldLines, typeText } from "./request-fields.js";

const document = openApiDocument();

/** The object forms of a body schema. */
function formsOf(schema: z.ZodType): z.ZodObject[] {
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((o) => formsOf(o as z.ZodType));
  return schema instanceof z.ZodObject ? [schema] : [];
}
const markdown = apiMarkdown(document);

/** The request-field table of one endpoint: field → [type, required, notes]. */
function tableOf(method: string, path: string): Map<string, string[]> {
  const lines = requestFieldLines(document);
  const start = lines.indexOf(`### ${method} \`/functions/v1${path}\``);
  expect(start, `${method} ${path}`).toBeGreaterThan(0);
  const rows = new Map<string, string[]>();
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("### ")) break;
    const cells = /^\| `([^`]+)` \| (.*) \| (yes|no) \| (.*) \|$/.exec(line);
    if (cells) rows.set(cells[1] as string, [cells[2], cells[3], cells[4]] as string[]);
  }
  return rows;
}

describe("the request fields of docs/api.md", () => {
  it("lists every body field of every endpoint, under its own heading", () => {
    expect(markdown).toContain("## Request fields");
    for (const route of ROUTES.filter((r) => r.hasBody)) {
      const fields = new Set(formsOf(route.input).flatMap((form) => Object.keys(form.shape)));
      const table = tableOf(route.method, route.path);
      for (const field of fields) expect(table.has(field), `${route.name} ${field}`).toBe(true);
      expect(
        [...table.keys()].every((field) => fields.has(field)),
        route.name,
      ).toBe(true);
    }
  });

  it("says which fields are required, their types and notes, a cursor's fields apart", () => {
    const pages = tableOf("POST", "/export-page-analytics");
    expect(pages.get("domainId")).toEqual(["string (uuid)", "yes", "The domain (any role)"]);
    expect(pages.get("cursor")?.slice(0, 2)).toEqual(["string (non-empty)", "no"]);
    expect(pages.get("pageSize")?.slice(0, 2)).toEqual(["integer 1 to 500", "no"]);
    expect(pages.get("granularity")?.[0]).toBe('`"auto"` or `"day"` or `"week"`');
    expect(pages.get("path")?.[2]).toMatch(/^Exactly this path/);
    expect(tableOf("POST", "/export-page-snapshots").get("url")?.[1]).toBe("yes");
    const rule = tableOf("POST", "/domains/{domainId}/routing-rules");
    expect(rule.get("ruleType")?.[0]).toBe('`"redirect"` or `"proxy"`');
    expect(rule.get("sourcePath")?.[1]).toBe("yes");
    expect(tableOf("PUT", "/domains/{domainId}/crawler-policy").get("rules")?.[0]).toMatch(
      /^object\[\]/,
    );
    expect(markdown).toMatch(/### POST `\/functions\/v1\/list-user-domains`\n\nNo body fields/);
    // The endpoint table lists the PUT too.
    expect(markdown).toContain("| PUT | `/functions/v1/domains/{domainId}/crawler-policy` |");
  });

  it("writes JSON schemas as short types", () => {
    expect(typeText({ type: ["string", "null"], maxLength: 9 })).toBe(
      "string (at most 9 characters)",
    );
    expect(
      typeText({ anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] }),
    ).toBe("string or string[]");
    expect(typeText({ type: "integer", minimum: 1 })).toBe("integer from 1");
    expect(typeText({ const: 301 })).toBe("`301`");
    expect(typeText({})).toBe("any");
  });
});
