import type { OpenApiDocument } from "./document.js";
import { cell, METHODS, requestFieldLines } from "./request-fields.js";

type Json = Record<string, unknown>;

/** The success body's component name, or the media types of a download. */
function successOf(responses: Record<string, Json>): string {
  const status = Object.keys(responses).find((s) => s.startsWith("2")) as string;
  const content = (responses[status]?.content ?? {}) as Record<string, { schema?: Json }>;
  const parts = Object.entries(content).map(([media, entry]) => {
    const ref = entry.schema?.$ref;
    return typeof ref === "string" ? `\`${ref.split("/").pop()}\`` : media;
  });
  return `${status} ${parts.join(" or ")}`;
}

/** `400 (InvalidRequestError, InvalidCursorError)` → `400`, with the codes in the error table. */
function errorStatuses(responses: Record<string, Json>): string {
  return Object.keys(responses)
    .filter((s) => !s.startsWith("2"))
    .join(", ");
}

/** The error bodies of the components: name, status(es) and what the `error` field says. */
function errorRows(document: OpenApiDocument): string[] {
  const statuses = new Map<string, Set<string>>();
  for (const item of Object.values(document.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as { responses: Record<string, Json> } | undefined;
      if (!op) continue;
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = ((response.content as Json | undefined)?.["application/json"] as Json)
          ?.schema as Json | undefined;
        const refs = ((schema?.anyOf as Json[] | undefined) ?? (schema ? [schema] : []))
          .map((s) => s.$ref)
          .filter((r): r is string => typeof r === "string" && r.endsWith("Error"));
        for (const ref of refs) {
          const name = ref.split("/").pop() as string;
          statuses.set(name, (statuses.get(name) ?? new Set()).add(status));
        }
      }
    }
  }
  const schemas = document.components.schemas as Record<string, Json>;
  const firstStatus = (name: string) => Math.min(...[...(statuses.get(name) ?? [])].map(Number));
  const order = [...statuses.keys()].sort(
    (a, b) => firstStatus(a) - firstStatus(b) || (a < b ? -1 : 1),
  );
  return order.map((name) => {
    const schema = schemas[name] as Json;
    const error = (schema.properties as Record<string, Json>).error as Json;
    const codes = (error.enum as string[] | undefined) ?? [error.const as string];
    const fields = Object.keys(schema.properties as Json)
      .filter((f) => f !== "error")
      .map((f) => `\`${f}\``);
    return `| ${[...(statuses.get(name) as Set<string>)].sort().join(", ")} | ${codes.map((c) => `\`${c}\``).join(", ")} | ${fields.join(", ") || "—"} | ${cell(String(schema.description ?? ""))} |`;
  });
}

/**
 * `docs/api.md`: a short reference generated from the OpenAPI document — every endpoint with its
 * success body and error statuses, each endpoint's request fields, the error bodies, and the
 * prose rules (limits included).
 */
export function apiMarkdown(document: OpenApiDocument): string {
  const lines = [
    "# crawlgate API reference",
    "",
    "<!-- Generated from docs/openapi.json by `pnpm build` (packages/core/src/api/openapi/markdown.ts); a test checks it is up to date. -->",
    "",
    `Version ${document.info.version}. The full contract, with every request and response schema, is the OpenAPI 3.1 document [openapi.json](openapi.json), also served by every crawlgate server at \`GET /functions/v1/openapi.json\` (no key needed).`,
    "",
    "## Endpoints",
    "",
    "| Method | Path | What it does | Success | Errors |",
    "|---|---|---|---|---|",
  ];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as { summary: string; responses: Record<string, Json> } | undefined;
      if (!op) continue;
      lines.push(
        `| ${method.toUpperCase()} | \`${path}\` | ${cell(op.summary)} | ${successOf(op.responses)} | ${errorStatuses(op.responses)} |`,
      );
    }
  }
  lines.push(
    "",
    ...requestFieldLines(document),
    "",
    "## Error bodies",
    "",
    "| Status | `error` | Other fields | When |",
    "|---|---|---|---|",
    ...errorRows(document),
    "",
    String(document.info.description),
    "",
  );
  return lines.join("\n");
}
