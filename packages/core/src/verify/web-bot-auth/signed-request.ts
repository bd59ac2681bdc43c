/**
 * The parts of a request a signature can cover; the edge's request record has this shape
 * (`EdgeHttpRequest`), so it is passed as is.
 */
export interface SignedRequest {
  method: string;
  /** The Host header (the authority the visitor addressed). */
  host: string;
  /** The request target as on the request line (`/a/b?x=1`). */
  url: string;
  /** Scheme the visitor used; default `https`. */
  protocol?: "http" | "https";
  /** Request headers, names lower-case, repeated fields already joined with `, `. */
  headers: Readonly<Record<string, string | undefined>>;
}
