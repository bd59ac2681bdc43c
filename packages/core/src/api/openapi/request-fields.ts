import type { OpenApiDocument } from "./document.js";

/**
 * The "Request fields" part of `docs/api.md`: for each endpoint with a JSON body, its fields with
 * their type, whether they are required and what they mean, read from the request schema (the
 * forms of a body merged: a cursor form's fields apart, as the cursor pins the query).
 */

type Json = Record<string, unknown>;

/** The operation methods of a path item, in the order the reference lists them. */
export const METHODS = ["get", "post", "put", "patch", "delete"];
const IGNORED = "ignored with a cursor";
/** Text made safe for one table cell. */
export const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
const code = (value: unknown) => `\`${JSON.stringify(value)}\``;
/** String formats a reader knows by name (zod's own, such as `starts_with`, are left out). */
const FORMATS = new Set(["uuid", "date", "date-time", "uri", "email"]);

/** A JSON schema as short text: `string (uuid)`, `integer 1 to 500`, `"day" or "week"`. */
export function typeText(schema: Json): string {
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives) {
    const texts = alternatives.filter((s) => s.type !== "null").map(typeText);
    return [...new Set(texts)].join(" or ") || "null";
  }
  if (Array.isArray(schema.enum)) return schema.enum.map(code).join(" or ");
  if ("const" in schema) return code(schema.const);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (t): t is string => typeof t === "string" && t !== "null",
  );
  if (types.length === 0) return "any";
  return types.map((type) => oneType(type, schema)).join(" or ");
}

function oneType(type: string, schema: Json): string {
  const { minimum, maximum, minLength, maxLength, format } = schema;
  if (type === "integer" || type === "number") {
    if (typeof minimum === "number" && typeof maximum === "number")
      return `${type} ${minimum} to ${maximum}`;
    if (typeof minimum === "number") return `${type} from ${minimum}`;
    return type;
  }
  if (type === "string") {
    const limits = [
      typeof format === "string" && FORMATS.has(format) ? format : null,
      typeof minLength === "number" && minLength > 0 ? "non-empty" : null,
      typeof maxLength === "number" ? `at most ${maxLength} characters` : null,
    ].filter((part) => part !== null);
    return limits.length > 0 ? `string (${limits.join(", ")})` : "string";
  }
  if (type === "array") {
    const items = schema.items as Json | undefined;
    const of = items ? typeText(items) : "any";
    const each = /\bor\b| /.test(of) ? `(${of})` : of;
    return typeof schema.maxItems === "number"
      ? `${each}[] (at most ${schema.maxItems})`
      : `${each}[]`;
  }
  return type;
}

/** What one field is in a form: its schema, or nothing when the form only ignores or nulls it. */
function realField(schema: Json | undefined): Json | null {
  if (!schema || schema.description === IGNORED || schema.type === "null") return null;
  return schema;
}

interface Row {
  field: string;
  types: string[];
  required: boolean;
  notes: string[];
}

/** The rows of one request body schema (`[]` for a body without fields). */
function rowsOf(body: Json): Row[] {
  const forms = ((body.anyOf ?? body.oneOf) as Json[] | undefined) ?? [body];
  const isCursorForm = (form: Json) =>
    ((form.required as string[] | undefined) ?? []).includes("cursor");
  const queryForms = forms.filter((form) => !isCursorForm(form));
  const rows = new Map<string, Row>();
  for (const form of forms) {
    const properties = (form.properties ?? {}) as Record<string, Json>;
    for (const [field, raw] of Object.entries(properties)) {
      const schema = realField(raw);
      if (!schema) continue;
      const row = rows.get(field) ?? { field, types: [], required: false, notes: [] };
      rows.set(field, row);
      const type = typeText(schema);
      if (!row.types.includes(type)) row.types.push(type);
      const notes = [
        typeof schema.description === "string" ? schema.description : null,
        "default" in schema ? `default ${code(schema.default)}` : null,
      ];
      for (const note of notes)
        if (note !== null && !row.notes.includes(note)) row.notes.push(note);
    }
  }
  for (const row of rows.values()) {
    const within = queryForms.length > 0 ? queryForms : forms;
    row.required = within.every((form) =>
      ((form.required as string[] | undefined) ?? []).includes(row.field),
    );
  }
  return [...rows.values()];
}

/** `docs/api.md`'s request fields: one table per endpoint that takes a JSON body. */
export function requestFieldLines(document: OpenApiDocument): string[] {
  const schemas = document.components.schemas as Record<string, Json>;
  const lines = [
    "## Request fields",
    "",
    "The JSON body of each endpoint (a field sent as `null` counts as not sent). Where a body takes a `cursor`, the cursor pins every other field (see each endpoint).",
  ];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as { requestBody?: Json } | undefined;
      const content = op?.requestBody?.content as Record<string, { schema?: Json }> | undefined;
      const ref = content?.["application/json"]?.schema?.$ref;
      if (typeof ref !== "string") continue;
      const rows = rowsOf(schemas[ref.split("/").pop() as string] ?? {});
      lines.push("", `### ${method.toUpperCase()} \`${path}\``, "");
      if (rows.length === 0) {
        lines.push("No body fields (an empty object or no body).");
        continue;
      }
      lines.push("| Field | Type | Required | Notes |", "|---|---|---|---|");
      for (const row of rows)
        lines.push(
          `| \`${row.field}\` | ${cell(row.types.join(" or "))} | ${row.required ? "yes" : "no"} | ${cell(row.notes.join("; "))} |`,
        );
    }
  }
  return lines;
}
