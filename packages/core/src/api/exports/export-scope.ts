import { CrawlgateError, invalidRequest } from "../../errors.js";
import type { DomainAccess, User } from "../../types.js";
import { utcDay } from "../../window/dates.js";
import { resolveWindow, type Window, type WindowRules } from "../../window/window.js";
import type { ApiDeps } from "../context.js";
import type { WindowInput } from "./window-fields.js";

/** The fields every windowed export starts with, in the spec's order. */
export function windowedExportHeader(now: Date, window: Window, user: User) {
  return {
    generatedAt: now.toISOString(),
    period: window.period,
    startDate: window.startDate,
    endDate: window.endDate,
    userId: user.userId,
  };
}

/**
 * Applies the shared window rules to the window fields of a body (each already valid on its
 * own): 400 `invalid_request` naming the rule broken.
 */
export function requestWindow(input: WindowInput, now: Date, rules: WindowRules): Window {
  const result = resolveWindow(input, utcDay(now), rules);
  if (!result.ok) throw invalidRequest(result.message);
  return result.value;
}

/** One domain the caller can read (`domainId` a lowercase UUID), or `404 domain_not_found`. */
export async function readableDomain(
  deps: ApiDeps,
  user: User,
  domainId: string,
): Promise<DomainAccess> {
  const access = await deps.accounts.getDomainAccess(user.userId, domainId);
  if (!access) throw new CrawlgateError("domain_not_found");
  return access;
}

/**
 * The domains an export covers: the one named by `domainId` (any role), or, when it is absent,
 * every domain the caller can access, sorted by hostname.
 */
export async function domainsInScope(
  deps: ApiDeps,
  user: User,
  domainId: string | null | undefined,
): Promise<DomainAccess[]> {
  if (domainId === undefined || domainId === null) {
    return deps.accounts.listAccessibleDomains(user.userId);
  }
  return [await readableDomain(deps, user, domainId)];
}
