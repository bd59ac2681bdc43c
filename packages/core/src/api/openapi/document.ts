import { z } from "zod";
import type { ErrorCode } from "../../errors.js";
import { API_PREFIX } from "../../http/prefix.js";
import { NAMED_SHAPES } from "../responses/shapes.js";
import { ROUTES, type RouteDef } from "../routes.js";
import { COMPONENT, errorResponses, headerObjects, ref } from "./components.js";
import { EXAMPLES } from "./examples.js";
import { extraPaths } from "./extra-paths.js";
import { API_DESCRIPTION, SECURITY_DESCRIPTION } from "./prose.js";

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is open-ended JSON
export type OpenApiDocument = Record<string, any>;
type Json = Record<string, unknown>;

/** The version of the API contract (the spec's `/functions/v1/`, in beta). */
export const API_VERSION = "1.0.0-beta";

/** `export-page-analytics` → `ExportPageAnalytics`. */
export const pascalName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_m, _dash, letter: string) => letter.toUpperCase());

const camelName = (name: string) =>
  name.replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase());

/** Errors every authenticated endpoint may answer, beyond its own. */
function sharedErrors(route: RouteDef): ErrorCode[] {
  const codes: ErrorCode[] = [
    "invalid_api_key",
    "rate_limit_exceeded_per_minute",
    "internal_error",
  ];
  // get-snapshot's 503 is the spec's own string (see `run` in create-api).
  if (route.invalidBody !== "invalid_json_body") codes.push("service_unavailable");
  if (!route.starterAllowed) codes.push("plan_upgrade_required");
  if (route.hasBody) codes.push("invalid_request", "payload_too_large");
  return codes;
}

/** Names of the components: the shared shapes, every error body, each route's input and output. */
function componentSchemas(): Json {
  const responses = z.registry<{ id: string }>();
  for (const [schema, name] of NAMED_SHAPES) responses.add(schema, { id: name });
  for (const route of ROUTES)
    responses.add(route.output, { id: `${pascalName(route.name)}Response` });
  const requests = z.registry<{ id: string }>();
  for (const route of ROUTES) {
    if (route.hasBody) requests.add(route.input, { id: `${pascalName(route.name)}Request` });
  }
  const options = { target: "draft-2020-12" as const, uri: (id: string) => `${COMPONENT}${id}` };
  const out = {
    ...z.toJSONSchema(responses, { ...options, io: "output" }).schemas,
    ...z.toJSONSchema(requests, { ...options, io: "input" }).schemas,
  };
  const schemas: Json = {};
  for (const name of Object.keys(out).sort()) {
    const { $schema: _schema, $id: _id, ...schema } = out[name] as Json;
    schemas[name] = schema;
  }
  return schemas;
}

const ID_PARAMETER = (name: string) => ({
  name,
  in: "path",
  required: true,
  description: "UUID-style ID, either letter case",
  schema: {
    type: "string",
    pattern: "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$",
  },
});

/** The query parameters of a route whose input is its query: one per field of its schema. */
function queryParameters(route: RouteDef): Json[] {
  const schema = z.toJSONSchema(route.input, { io: "input" }) as Json;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties as Record<string, Json> | undefined) ?? {}).map(
    ([name, field]) => {
      const { description, ...rest } = field;
      return {
        name,
        in: "query",
        required: required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      };
    },
  );
}

/** Whether every form of a body requires a field (else the body may be left out). */
function bodyRequired(schemas: Json, name: string): boolean {
  const schema = schemas[name] as Json;
  const forms = (schema.anyOf as Json[] | undefined) ?? [schema];
  return forms.every((form) => Array.isArray(form.required) && form.required.length > 0);
}

function operationObject(route: RouteDef, schemas: Json): Json {
  const name = pascalName(route.name);
  const { contract } = route;
  const examples = EXAMPLES[route.name];
  const params = [
    ...[...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ID_PARAMETER(m[1] as string)),
    ...(route.queryInput ? queryParameters(route) : []),
  ];
  const success: Json = {
    description: contract.summary,
    ...(contract.headers ? { headers: headerObjects(contract.headers) } : {}),
    content: {
      "application/json": {
        schema: ref(`${name}Response`),
        ...(examples?.response ? { example: examples.response } : {}),
      },
    },
  };
  if (contract.text) {
    success.description = `${contract.summary}. ${contract.text.description}`;
    success.headers = headerObjects(contract.text.headers, contract.text.contentType);
    (success.content as Json)[contract.text.contentType] = { schema: { type: "string" } };
  }
  return {
    operationId: camelName(route.name),
    summary: contract.summary,
    description: contract.description,
    tags: [tagOf(route)],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(route.hasBody
      ? {
          requestBody: {
            required: bodyRequired(schemas, `${name}Request`),
            content: {
              "application/json": {
                schema: ref(`${name}Request`),
                ...(examples?.request ? { example: examples.request } : {}),
              },
            },
          },
        }
      : {}),
    responses: {
      [String(contract.status)]: success,
      ...errorResponses([...contract.errors, ...sharedErrors(route)]),
    },
  };
}

function tagOf(route: RouteDef): string {
  if (route.name === "get-cache-status") return "Cache";
  if (route.name.endsWith("-domain-settings")) return "Domains";
  if (route.path.startsWith("/domains/")) return "Routing rules";
  if (route.name.startsWith("export-")) return "Exports";
  if (route.name === "get-snapshot") return "Snapshots";
  if (route.name === "get-bot-definitions") return "Taxonomy";
  if (route.name === "purge-cache" || route.name === "warm-cache") return "Cache";
  return "Domains";
}

/**
 * The OpenAPI 3.1 document of the API, generated from the route table: each endpoint's request
 * and success schemas (zod 4's own JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses),
 * its error bodies grouped by status, and the prose rules of the spec. Pure and deterministic:
 * the same build gives the same document (served at `/functions/v1/openapi.json`, written to
 * `docs/openapi.json`).
 */
export function openApiDocument(): OpenApiDocument {
  const schemas = componentSchemas();
  const paths: Record<string, Json> = {};
  for (const route of ROUTES) {
    const path = `${API_PREFIX}${route.path}`;
    paths[path] = {
      ...(paths[path] ?? {}),
      [route.method.toLowerCase()]: operationObject(route, schemas),
    };
  }
  Object.assign(paths, extraPaths());
  return {
    openapi: "3.1.0",
    info: {
      title: "crawlgate API",
      version: API_VERSION,
      description: API_DESCRIPTION,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [
      {
        url: "{baseUrl}",
        description: "The crawlgate server (`crawlgate serve` listens on port 8787 by default)",
        variables: { baseUrl: { default: "http://127.0.0.1:8787" } },
      },
    ],
    security: [{ apiKey: [] }],
    tags: ["Cache", "Domains", "Exports", "Snapshots", "Taxonomy", "Routing rules", "Files"].map(
      (name) => ({ name }),
    ),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "cg_live_…",
          description: SECURITY_DESCRIPTION,
        },
      },
      schemas,
    },
  };
}
