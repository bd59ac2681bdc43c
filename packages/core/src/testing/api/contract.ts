import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { type OpenApiDocument, openApiDocument } from "../../api/openapi/document.js";

/** One answer of the API as a client saw it. */
export interface Exchange {
  method: string;
  /** Path and query, e.g. `/functions/v1/list-user-domains`. */
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

type Json = Record<string, unknown>;

const BASE = "https://crawlgate.invalid/openapi.json";

// ajv-formats is CommonJS: its default export arrives wrapped under ESM on some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

interface Operation {
  method: string;
  pattern: RegExp;
  responses: Record<string, Json>;
  /** `x-other-methods: "404"`: other methods get the unknown-path answer (presigned links). */
  otherMethods404: boolean;
}

/**
 * Checks answers against an OpenAPI document: the operation is found by method and path, then
 * the status must be documented, the media type must be one of that response's, a JSON body
 * must validate against its schema (Ajv, JSON Schema 2020-12, formats checked), and every
 * header the response marks `required` (or `x-required-with` the answer's media type) must be
 * there. A path no operation has must answer the document's `404 not_found` body; a known path
 * with an undocumented method, `405 method_not_allowed` with `Allow`.
 */
export function createContractChecker(document: OpenApiDocument = openApiDocument()) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: BASE, components: document.components });
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (schema: Json): ValidateFunction => {
    const key = JSON.stringify(schema);
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(rebase(schema));
      validators.set(key, validate);
    }
    return validate;
  };

  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+").replace(/\./g, "\\.")}$`);
    for (const [method, op] of Object.entries(item)) {
      if (method.startsWith("x-")) continue;
      operations.push({
        otherMethods404: item["x-other-methods"] === "404",
        method: method.toUpperCase(),
        pattern,
        responses: (op as { responses: Record<string, Json> }).responses,
      });
    }
  }
  const component = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const schemas = document.components.schemas as Record<string, Json>;

  return function problems(exchange: Exchange): string[] {
    const path = exchange.url.split("?")[0] as string;
    const label = `${exchange.method} ${path} → ${exchange.status}`;
    const onPath = operations.filter((op) => op.pattern.test(path));
    if (onPath.length === 0) {
      return exchange.status === 404
        ? jsonProblems(label, exchange, component("NotFoundError"), validatorOf, schemas)
        : [`${label}: no operation has this path, and the answer is not 404`];
    }
    const op = onPath.find((o) => o.method === exchange.method.toUpperCase());
    if (!op && onPath.some((o) => o.otherMethods404)) {
      return exchange.status === 404
        ? jsonProblems(label, exchange, component("NotFoundError"), validatorOf, schemas)
        : [`${label}: another method on a presigned link must answer 404`];
    }
    if (!op) {
      const out =
        exchange.status === 405
          ? jsonProblems(label, exchange, component("MethodNotAllowedError"), validatorOf, schemas)
          : [`${label}: the path has no ${exchange.method} operation, and the answer is not 405`];
      if (!exchange.headers.get("allow")) out.push(`${label}: 405 without Allow`);
      return out;
    }
    const response = op.responses[String(exchange.status)];
    if (!response) return [`${label}: status not documented`];
    const media = (exchange.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    const content = (response.content ?? {}) as Record<string, { schema?: Json }>;
    const entry = media ? content[media] : undefined;
    if (!entry) {
      const documented = Object.keys(content).join(", ") || "no body";
      return [`${label}: content type ${media || "(none)"} not documented (${documented})`];
    }
    const out = headerProblems(label, exchange, response, media as string);
    if (media === "application/json" && entry.schema && exchange.method.toUpperCase() !== "HEAD") {
      out.push(...jsonProblems(label, exchange, entry.schema, validatorOf, schemas));
    }
    return out;
  };
}

/** `#/components/...` references made absolute, so one compiled document serves every schema. */
function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${BASE}#/components/`));
}

function jsonProblems(
  label: string,
  exchange: Exchange,
  schema: Json,
  validatorOf: (schema: Json) => ValidateFunction,
  components: Record<string, Json>,
): string[] {
  let body: unknown;
  try {
    body = JSON.parse(exchange.text);
  } catch {
    return [`${label}: body is not JSON: ${exchange.text.slice(0, 200)}`];
  }
  const validate = validatorOf(schema);
  if (validate(body)) return orderProblems(label, body, schema, "", components);
  return (validate.errors ?? []).map(
    (e) => `${label}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
  );
}

/**
 * Key order: the fields of every object come in the order its schema lists them (the order the
 * spec's examples show and the operations pin). Runs on bodies that validated, so a branch of
 * an `anyOf` is the one whose required fields are all there and that has no field it does not
 * list (when closed).
 */
function orderProblems(
  label: string,
  value: unknown,
  schema: Json,
  at: string,
  components: Record<string, Json>,
): string[] {
  const resolved = resolve(schema, components);
  if (Array.isArray(resolved.anyOf)) {
    const branch = (resolved.anyOf as Json[])
      .map((b) => resolve(b, components))
      .find((b) => fits(value, b));
    return branch ? orderProblems(label, value, branch, at, components) : [];
  }
  if (Array.isArray(value)) {
    const items = resolved.items as Json | undefined;
    return items
      ? value.flatMap((v, i) => orderProblems(label, v, items, `${at}/${i}`, components))
      : [];
  }
  if (typeof value !== "object" || value === null) return [];
  const properties = (resolved.properties ?? {}) as Record<string, Json>;
  const listed = Object.keys(properties);
  const sent = Object.keys(value).filter((k) => k in properties);
  const expected = listed.filter((k) => sent.includes(k));
  const out =
    sent.join() === expected.join()
      ? []
      : [`${label}: body${at} fields in order ${sent.join(", ")}, expected ${expected.join(", ")}`];
  const rest = resolved.additionalProperties;
  for (const [key, v] of Object.entries(value)) {
    const sub = properties[key] ?? (typeof rest === "object" ? (rest as Json) : undefined);
    if (sub) out.push(...orderProblems(label, v, sub, `${at}/${key}`, components));
  }
  return out;
}

function resolve(schema: Json, components: Record<string, Json>): Json {
  let current = schema;
  while (typeof current.$ref === "string") {
    current = components[current.$ref.split("/").pop() as string] as Json;
  }
  return current;
}

/** Whether an object value is the shape of a (closed) object branch, by its field names. */
function fits(value: unknown, branch: Json): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return branch.type !== "object";
  }
  const properties = (branch.properties ?? {}) as Json;
  const required = (branch.required ?? []) as string[];
  if (!required.every((k) => k in value)) return false;
  if (branch.additionalProperties !== false) return true;
  return Object.keys(value).every((k) => k in properties);
}

function headerProblems(
  label: string,
  exchange: Exchange,
  response: Json,
  media: string,
): string[] {
  const out: string[] = [];
  for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
    const needed = header.required === true || header["x-required-with"] === media;
    if (needed && exchange.headers.get(name) === null) out.push(`${label}: header ${name} missing`);
  }
  return out;
}
