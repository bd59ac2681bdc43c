import { CrawlgateError } from "../errors.js";
import type { ApiRequest, ApiResponse } from "../http/types.js";
import { isCanonicalPath } from "../signing/presign.js";
import type { DashboardAsset, DashboardAssets } from "./assets.js";
import { messagePage } from "./pages.js";
import { pageHeaders } from "./security-headers.js";

/**
 * A GET below `/dashboard/` that is not the server's own: the UI's file at `rest`, else, for a
 * path whose last segment has no dot (a client-side route such as `/domains/ID/crawlers`),
 * `index.html`; a missing file is a 404 page. Pages load without a session: only the API
 * refuses.
 */
export function serveAsset(
  assets: DashboardAssets,
  request: ApiRequest,
  rest: string,
): ApiResponse {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD")
    throw new CrawlgateError("method_not_allowed", { allow: ["GET", "HEAD"] });
  const file = isCanonicalPath(rest) ? assets.get(rest) : null;
  const isRoute = isCanonicalPath(rest) && !(rest.split("/").pop() ?? "").includes(".");
  const found = file ?? (isRoute ? (assets.get("/") ?? assets.get("/index.html")) : null);
  if (!found) {
    return {
      status: 404,
      headers: pageHeaders({
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
      }),
      body:
        method === "HEAD"
          ? null
          : messagePage("Not found", `There is no file at /dashboard${rest}.`),
    };
  }
  return {
    status: 200,
    headers: pageHeaders({
      "content-type": found.contentType,
      "cache-control": cacheControl(found),
    }),
    body: method === "HEAD" ? null : found.body,
  };
}

function cacheControl(file: DashboardAsset): string {
  return file.immutable ? "public, max-age=31536000, immutable" : "no-cache";
}
