import { z } from "zod";
import { type PageKey, pageKey, variantKey } from "../../edge/page-key.js";
import { CrawlgateError, invalidRequest } from "../../errors.js";
import { hasSpaceOrControl } from "../../routing/rules/rule-fields.js";
import { normalizeHostname } from "../../text/hostname.js";
import type { Domain, DomainAccess, RenderVariant, User } from "../../types.js";
import type { ApiDeps, Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";

export const input = z.strictObject({
  domain: z
    .string({ error: "domain is required and must be a string" })
    .describe("Hostname of a domain the key owner can access"),
  path: z
    .string({ error: "path is required and must be a string" })
    .describe("URL path starting with /; a query string is kept"),
  variant: z
    .enum(["desktop", "mobile"], { error: "variant must be one of desktop, mobile" })
    .optional()
    .describe(
      "Re-render only this device render of the page (one of the domain's render variants); default: every render the domain keeps",
    ),
});

export const output = z.strictObject({
  queued: z
    .boolean()
    .describe(
      "false when a re-render of the same page (of each variant purged) that starts after this request was already pending (not queued twice); a render already under way is followed by another",
    ),
  path: z.string(),
  message: z.string(),
});

export const contract: EndpointContract = {
  summary: "Queue a re-render of one page",
  description:
    "Queues a re-render of one page; also pre-warms pages not cached yet. Fresh HTML is typically available within seconds. `domain` must be a domain the key owner can access (any role); `path` starts with `/` (not `//`), at most 2,048 characters, no white space, control characters or `#`; a query string is kept. A domain with device variants re-renders each of them (mobile and desktop), or only `variant` when given (a variant the domain does not keep is `400 invalid_request`). The one endpoint a Starter plan may call.",
  status: 200,
  errors: ["invalid_request", "domain_not_authorized"],
};

const MAX_PATH = 2048;

/**
 * POST /purge-cache: queues a re-render of one page of a domain the key owner can access, per
 * render variant (or the one named), under the page's cache key. A job already pending for the
 * same page and variant (a purge, or the edge's refresh of a stale page) is not queued twice
 * (`queued: false`).
 */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async ({
  deps,
  user,
  input,
  now,
}) => {
  const body = input();
  const { domain, path } = await purgeTarget(deps, user, body);
  const variants = purgedVariants(domain, body.variant);
  // Queued under the page's cache key: the edge's refreshes of the page are the same job.
  const key = (pageKey(path) as PageKey).key;
  let enqueued = false;
  for (const variant of variants) {
    const jobPath = variantKey(key, variant);
    const added = await deps.purgeQueue.enqueuePurge(domain.domainId, jobPath, now);
    enqueued ||= added.enqueued;
  }
  return {
    status: 200,
    body: {
      queued: enqueued,
      path,
      message: enqueued
        ? "Re-render queued; fresh HTML is typically available within seconds."
        : "A re-render of this path is already queued.",
    },
  };
};

/**
 * A page path as purge-cache, warm-cache and cache-status take it: trimmed, starting with `/`
 * (not `//`), at most 2,048 characters, no white space, control characters or `#`; else `400
 * invalid_request` naming `field`. A query string is kept.
 */
export function checkedPagePath(text: string, field: string): string {
  const path = text.trim();
  if (!path.startsWith("/") || path.startsWith("//")) {
    throw invalidRequest(`${field} must be a URL path starting with "/"`);
  }
  if (path.length > MAX_PATH)
    throw invalidRequest(`${field} must be at most ${MAX_PATH} characters`);
  if (hasSpaceOrControl(path) || path.includes("#")) {
    throw invalidRequest(`${field} must not contain white space, control characters or '#'`);
  }
  return path;
}

/** `checkedPagePath` of a field named `path`. */
export const pagePathOf = (raw: string): string => checkedPagePath(raw, "path");

/** The user's access to the domain of that hostname, or `403 domain_not_authorized`. */
export async function namedDomainAccess(
  deps: Pick<ApiDeps, "accounts">,
  user: User,
  hostname: string,
): Promise<DomainAccess> {
  const domain = await deps.accounts.getDomainByHostname(hostname);
  const access = domain ? await deps.accounts.getDomainAccess(user.userId, domain.domainId) : null;
  if (!access) throw new CrawlgateError("domain_not_authorized");
  return access;
}

/** The renders a purge re-renders: `variant` alone, else every one the domain keeps. */
function purgedVariants(domain: Domain, variant: RenderVariant | undefined): RenderVariant[] {
  if (variant === undefined) return domain.renderVariants;
  if (!domain.renderVariants.includes(variant)) {
    throw invalidRequest(
      `domain keeps no ${variant} render (render variants: ${domain.renderVariants.join(", ")})`,
    );
  }
  return [variant];
}

/**
 * The domain and path a purge names, checked as purge-cache checks them: a hostname, a path
 * starting with `/` (trimmed, at most 2,048 characters, no white space, control characters or
 * `#`), and a domain the user can access with any role (else `403 domain_not_authorized`).
 */
export async function purgeTarget(
  deps: Pick<ApiDeps, "accounts">,
  user: User,
  body: { domain: string; path: string },
): Promise<{ domainId: string; domain: Domain; path: string }> {
  const hostname = normalizeHostname(body.domain);
  if (!hostname) throw invalidRequest("domain must be a hostname such as example.com");
  const path = pagePathOf(body.path);
  const access = await namedDomainAccess(deps, user, hostname);
  return { domainId: access.domain.domainId, domain: access.domain, path };
}
