import type { Crawlgate } from "@crawlgate/core";
import { ambiguousRequestError, edgeError, errorApiResponse } from "@crawlgate/core/adapter-kit";

/** What decides whose a host is (a `Crawlgate`); absent, crawlgate's paths answer on every host. */
export type OwnHostSource = Partial<Pick<Crawlgate, "ownHost">>;

/** Where a request for one of crawlgate's paths on a served domain's host goes. */
export type OtherHostHandler = (request: Request) => Promise<Response>;

const notFound = async () => {
  const { status, headers, body } = edgeError("not_found");
  return new Response(body, { status, headers });
};

/**
 * The `400 invalid_request` answer (JSON, `Connection: close` where the runtime keeps it) to an
 * ambiguous request: two `Host` or `Transfer-Encoding` fields, which a fetch runtime that lets
 * them through hands over joined with `, ` (see core's `ambiguousRequestError`). `null` for any
 * other request.
 */
export function ambiguousAnswer(request: Request): Response | null {
  const fields: [string, string][] = [];
  request.headers.forEach((value, name) => {
    fields.push([name, value]);
  });
  const error = ambiguousRequestError(fields);
  if (!error) return null;
  const { status, headers, body } = errorApiResponse(error);
  return new Response(body, { status, headers: { ...headers, connection: "close" } });
}

/**
 * Whether the request's host is one of crawlgate's own (`true`) or a served domain's (`false`);
 * the `503 service_unavailable` answer when the stores cannot say, the `400` one to an ambiguous
 * request.
 */
export async function ownHostOf(
  source: OwnHostSource,
  request: Request,
): Promise<boolean | Response> {
  const ambiguous = ambiguousAnswer(request);
  if (ambiguous) return ambiguous;
  if (!source.ownHost) return true;
  try {
    return await source.ownHost(request.headers.get("host") ?? new URL(request.url).host);
  } catch (error) {
    const { status, headers, body } = errorApiResponse(error);
    return new Response(body, { status, headers });
  }
}

/**
 * Runs `own` on crawlgate's own hosts and `other` (default `404 not_found`) on a served
 * domain's host, where every path belongs to the edge and the domain's origin; `503
 * service_unavailable` when the stores cannot say whose host it is; `400` to an ambiguous
 * request (`ambiguousAnswer`), whose host cannot be told.
 */
export function onOwnHost(
  source: OwnHostSource,
  own: (request: Request) => Promise<Response>,
  other: OtherHostHandler = notFound,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const mine = await ownHostOf(source, request);
    if (mine instanceof Response) return mine;
    return mine ? own(request) : other(request);
  };
}
