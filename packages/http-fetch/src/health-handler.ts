import type { Health } from "@crawlgate/core";
import {
  errorApiResponse,
  LIVENESS_PATH,
  parseRequestTarget,
  READINESS_PATH,
} from "@crawlgate/core/adapter-kit";
import { type OwnHostSource, ownHostOf } from "./own-host.js";

/**
 * `/healthz` and `/readyz` (see core's `createHealth`) as a fetch handler. It answers those two
 * paths and resolves to `null` for any other, so a host tries it first:
 * `(await health(request)) ?? api(request)`. With `hosts` (the `Crawlgate`) it resolves to
 * `null` on a served domain's host too: those paths are the site's there.
 */
export function createHealthHandler(
  health: Pick<Health, "handle">,
  hosts: OwnHostSource = {},
): (request: Request) => Promise<Response | null> {
  return async (request) => {
    const path = parseRequestTarget(request.url)?.path;
    if (path !== LIVENESS_PATH && path !== READINESS_PATH) return null;
    const mine = await ownHostOf(hosts, request);
    if (mine instanceof Response) return mine;
    if (!mine) return null;
    const answer = health.handle(request.method.toUpperCase(), path);
    if (!answer) return null;
    const response = await answer.catch(errorApiResponse);
    return new Response(response.body, { status: response.status, headers: response.headers });
  };
}
