/**
 * The plain request and response objects that core's API speaks. HTTP bridges (fetch, Express)
 * translate to and from these and nothing else.
 */

export interface ApiRequest {
  /** Upper-case HTTP method. */
  method: string;
  /** URL path only, e.g. `/functions/v1/list-user-domains` (no query string). */
  path: string;
  /** Query string parameters (used by presigned links only). */
  query: Readonly<Record<string, string>>;
  /** Header names in lowercase; repeated headers joined with `, `. */
  headers: Readonly<Record<string, string>>;
  /**
   * Raw body bytes, or `null` when the request had none. A bridge stops reading after
   * `MAX_BODY_BYTES + 1` bytes and passes what it read, so core can refuse it.
   */
  body: Uint8Array | null;
  /**
   * The origin the request was addressed to (`https://api.example.com`), as the bridge saw it
   * (`requestOrigin`: the Host header, `X-Forwarded-*` only behind a trusted proxy). Presigned
   * links are made absolute with it when no `baseUrl` is configured; absent or `null`, they stay
   * paths.
   */
  origin?: string | null;
}

export interface ApiResponse {
  status: number;
  /** Header names in lowercase. */
  headers: Record<string, string>;
  /** Serialised body; `null` for none. */
  body: string | Uint8Array | null;
}

/** Largest accepted request body: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;
