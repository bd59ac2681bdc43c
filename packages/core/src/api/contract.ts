import type { ErrorCode } from "../errors.js";

/** A response header the contract names. */
export interface HeaderContract {
  name: string;
  required: boolean;
  description: string;
}

/**
 * What the contract says about an endpoint beyond its input and success body: its documentation,
 * its success status and headers, and the errors it may answer. Errors every endpoint shares
 * (401, 429, 500, the plan gate's 403, the body envelope's 400 and 413) are added by the
 * OpenAPI builder from the route's flags.
 */
export interface EndpointContract {
  summary: string;
  /** The prose rules of the endpoint, in Markdown. */
  description: string;
  /** Success status: 200, or 201 for a creation. */
  status: 200 | 201;
  /** Error codes of this endpoint, beyond the shared ones. */
  errors: readonly ErrorCode[];
  headers?: readonly HeaderContract[];
  /** A success in another media type than JSON (export-crawl-logs' CSV pages). */
  text?: { contentType: string; description: string; headers: readonly HeaderContract[] };
}
