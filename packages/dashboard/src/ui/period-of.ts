import { type Period, parsePeriod } from "../shared/period.js";
import type { AppEnv } from "./context.js";
import type { Route } from "./routes.js";

/** The view's period: the report's fixed one, else the URL's (`?period=`), else the default. */
export function periodOf(env: AppEnv, route: Route): Period {
  return env.fixedPeriod ?? parsePeriod(route.query.get("period"));
}
