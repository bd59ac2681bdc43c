import { CrawlgateError, invalidRequest } from "../errors.js";
import { MAX_BODY_BYTES } from "../http/types.js";

const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * Refuses oversized bodies (413) and bodies that are not declared as JSON (`400
 * invalid_request`: the spec makes the header a requirement of the request, and its error table
 * answers a missing or invalid parameter with 400).
 */
export function checkBodyEnvelope(body: Uint8Array | null, contentType: string | undefined): void {
  if (!body || body.length === 0) return;
  if (body.length > MAX_BODY_BYTES) {
    throw new CrawlgateError("payload_too_large", {
      message: `request body exceeds ${MAX_BODY_BYTES} bytes`,
    });
  }
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw invalidRequest("Content-Type must be application/json");
  }
}

/**
 * Parses a JSON object body. No body (or only white space) is `{}`; anything that is not valid
 * UTF-8 JSON, or is JSON but not an object, is `400 invalid_request`.
 */
export function parseJsonObject(body: Uint8Array | null): Record<string, unknown> {
  if (!body || body.length === 0) return {};
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    throw invalidRequest("request body is not valid UTF-8");
  }
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidRequest("request body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidRequest("request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}
