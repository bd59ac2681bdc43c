import { API_PREFIX } from "../../http/prefix.js";
import { errorResponses } from "./components.js";
import { FILES_DESCRIPTION } from "./prose.js";

type Json = Record<string, unknown>;

const LINK_QUERY = [
  { name: "expires", description: "Expiry, Unix seconds" },
  { name: "kid", description: "Signing key ID" },
  { name: "sig", description: "Signature" },
].map((p) => ({ ...p, in: "query", required: true, schema: { type: "string" } }));

const NO_STORE = {
  "Cache-Control": {
    description: "no-store, no-transform (sent as stored: never compressed again)",
    required: true,
    schema: { type: "string" },
  },
};

function download(
  summary: string,
  description: string,
  parameters: Json[],
  media: string,
  file: Json,
): Json {
  return {
    // A link is refused like an unknown path whatever the reason, another method included.
    "x-other-methods": "404",
    get: {
      operationId: summary,
      summary: description.split(":")[0],
      description,
      tags: ["Files"],
      security: [],
      parameters: [...parameters, ...LINK_QUERY],
      responses: {
        "200": {
          description: "The file",
          headers: NO_STORE,
          content: { [media]: { schema: file } },
        },
        ...errorResponses(["not_found", "snapshot_storage_unavailable"]),
      },
    },
  };
}

const pathParam = (name: string, description: string, pattern: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "string", pattern },
});

/** The paths outside the route table: this document and the presigned downloads. */
export function extraPaths(): Record<string, Json> {
  return {
    [`${API_PREFIX}/openapi.json`]: {
      get: {
        operationId: "getOpenApiDocument",
        summary: "This OpenAPI document",
        description: FILES_DESCRIPTION.document,
        tags: ["Files"],
        security: [],
        responses: {
          "200": {
            description: "The OpenAPI 3.1 document",
            content: { "application/json": { schema: { type: "object" } } },
          },
        },
      },
    },
    [`${API_PREFIX}/files/snapshots/{snapshotId}`]: download(
      "downloadSnapshotHtml",
      `Snapshot HTML download: ${FILES_DESCRIPTION.snapshot}`,
      [pathParam("snapshotId", "Lowercase snapshot ID", "^[0-9a-f-]{36}$")],
      "text/plain",
      { type: "string", contentMediaType: "application/gzip", description: "gzip bytes" },
    ),
    [`${API_PREFIX}/files/archive/{domainId}/{day}/{file}`]: download(
      "downloadArchivePart",
      `Crawl-log archive part download: ${FILES_DESCRIPTION.archive}`,
      [
        pathParam("domainId", "Lowercase domain ID", "^[0-9a-f-]{36}$"),
        pathParam("day", "UTC day", "^\\d{4}-\\d\\d-\\d\\d$"),
        pathParam("file", "Part file name", "^part-\\d+-[0-9a-f]+\\.parquet$"),
      ],
      "application/vnd.apache.parquet",
      { type: "string", contentMediaType: "application/vnd.apache.parquet" },
    ),
  };
}
