import { CrawlgateError } from "../errors.js";
import type { User } from "../types.js";
import type { ApiDeps } from "./context.js";

/** Counts the request against the user's per-minute window and monthly quota, or throws 429. */
export async function enforceRateLimit(deps: ApiDeps, user: User, now: Date): Promise<void> {
  const decision = await deps.rateLimiter.consume(
    `user:${user.userId}`,
    { perMinute: deps.ratePerMinute, monthly: deps.plans[user.plan].monthlyQuota },
    now,
  );
  if (decision.allowed) return;
  const code =
    decision.reason === "per_minute"
      ? "rate_limit_exceeded_per_minute"
      : "rate_limit_exceeded_monthly";
  throw new CrawlgateError(code, {
    usage: decision.usage,
    limit: decision.limit,
    retryAfterSeconds: decision.retryAfterSeconds,
  });
}
