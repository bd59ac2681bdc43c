import type { Health } from "@crawlgate/core";
import { errorApiResponse, parseRequestTarget } from "@crawlgate/core/adapter-kit";

/**
 * `/healthz` and `/readyz` (see core's `createHealth`) as a fetch handler. It answers those two
 * paths and resolves to `null` for any other, so a host tries it first:
 * `(await health(request)) ?? api(request)`.
 */
export function createHealthHandler(
  health: Pick<Health, "handle">,
): (request: Request) => Promise<Response | null> {
  return async (request) => {
    const path = parseRequestTarget(request.url)?.path;
    const answer = path === undefined ? null : health.handle(request.method.toUpperCase(), path);
    if (!answer) return null;
    const response = await answer.catch(errorApiResponse);
    return new Response(response.body, { status: response.status, headers: response.headers });
  };
}
