import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { ApiResponse } from "@crawlgate/core";
import { type Compressors, encodeResponse } from "@crawlgate/core/adapter-kit";
import type { Request } from "express";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * node:zlib on the thread pool: `br` at quality 4 (about gzip's speed, smaller output; the
 * default 11 is for build-time compression, far too slow per answer) and gzip at level 6.
 */
export const nodeCompressors: Compressors = Object.freeze({
  br: async (bytes: Uint8Array) =>
    new Uint8Array(
      await brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      }),
    ),
  gzip: async (bytes: Uint8Array) => new Uint8Array(await gzipped(bytes)),
});

/** The answer in the coding the request's `Accept-Encoding` prefers (`encodeResponse`). */
export function encodedFor(req: Request, response: ApiResponse): Promise<ApiResponse> {
  return encodeResponse(response, req.headers["accept-encoding"], nodeCompressors);
}
