export {
  ambiguousRawHeadersError,
  ambiguousRequestError,
  rawHeaderFields,
} from "./ambiguous-request.js";
export {
  type AcceptedCoding,
  type ChosenCoding,
  type Compress,
  type Compressors,
  type ContentCoding,
  chooseCoding,
  chooseCodingCached,
  encodeResponse,
  isCompressible,
  MIN_COMPRESS_BYTES,
  parseAcceptEncoding,
  varyOnEncoding,
  webCompressors,
  weightOf,
} from "./content-coding.js";
export { EDGE_ERROR_CODES, type EdgeErrorCode, edgeError } from "./edge-errors.js";
export { ERROR_STATUS, errorApiResponse, errorResponse } from "./error-response.js";
export {
  type ForwardedHop,
  type Forwarding,
  forwardedClientIp,
  forwardedRequestHeaders,
  forwardingHeaders,
  isForwardingHeader,
  requestScheme,
  type Scheme,
} from "./forwarded.js";
export { endToEndHeaders, HOP_BY_HOP_HEADERS } from "./hop-by-hop.js";
export { API_PREFIX } from "./prefix.js";
export { readLimitedBody } from "./read-body.js";
export { type OriginSources, requestOrigin } from "./request-origin.js";
export { invalidTargetError, parseRequestTarget, type RequestTarget } from "./request-target.js";
export { type ApiRequest, type ApiResponse, MAX_BODY_BYTES } from "./types.js";
