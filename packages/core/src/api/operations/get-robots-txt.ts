import { z } from "zod";
import { DEFAULT_POLICY } from "../../policy/schema.js";
import { sha256Hex } from "../../snapshots/content.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { instant, role, uuid } from "../responses/shapes.js";
import { domainAccess } from "../rules/rule-access.js";
import { NO_FIELDS } from "../validate.js";

export const input = NO_FIELDS;

export const output = z.strictObject({
  domainId: uuid,
  domain: z.string(),
  role,
  robotsTxt: z.string().describe("Exactly what GET /robots.txt on the domain's host serves now"),
  contentHash: z.string().describe("SHA-256 of robotsTxt (UTF-8), lowercase hex"),
  originFound: z
    .boolean()
    .describe(
      "false when the origin has no robots.txt (4xx), none could be fetched, or the domain has no origin",
    ),
  blockedBots: z
    .array(
      z.strictObject({
        botId: z.string(),
        tokens: z
          .array(z.string())
          .describe(
            "Product tokens written for it with Disallow: /; [] when robots.txt cannot name it without also stopping an allowed bot",
          ),
      }),
    )
    .describe("Bots the crawler policy blocks or charges on every path, sorted by bot ID"),
  servedVersion: z
    .strictObject({ effectiveFrom: instant, contentHash: z.string() })
    .nullable()
    .describe("The latest robots.txt the host actually served (null: never served yet)"),
});

export const contract: EndpointContract = {
  summary: "Preview a domain's robots.txt",
  description:
    "Any role. The robots.txt that `/robots.txt` on the domain's host serves: the origin's file merged with a generated group that disallows every path for the crawlers the crawler policy blocks or charges everywhere, and with the policy's preferences in the `User-agent: *` group (`Content-Signal` from `contentSignals`, aipref `Content-Usage` rules site-wide and per `contentSignalPaths` override, with the Content Signals explanatory comment) and a `License` line for `licenseUrl`; the origin's own preference lines are kept unless the policy sets the same key (merge rules in docs/decisions.md and docs/decisions/content-signals.md). A preview stores nothing; the host stores each new text it serves as a version (`servedVersion`), which export-robots-compliance judges crawls against. A domain without an origin URL whose policy blocks nobody and states no preference leaves `/robots.txt` to the application behind the edge: `robotsTxt` is then empty.",
  status: 200,
  errors: ["invalid_request", "domain_not_found"],
};

/** GET /domains/{domainId}/robots-txt: the merged robots.txt as the edge would serve it now. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async (ctx) => {
  const access = await domainAccess(ctx);
  const { domain } = access;
  const [stored, versions] = await Promise.all([
    ctx.deps.rules.getPolicy(domain.domainId),
    ctx.deps.robots.listRobotsVersions(domain.domainId),
  ]);
  const preview = await ctx.deps.robotsTxt.preview({
    domainId: domain.domainId,
    hostname: domain.hostname,
    originUrl: domain.originUrl,
    policy: stored?.policy ?? DEFAULT_POLICY,
  });
  const served = versions.at(-1);
  return {
    status: 200,
    body: {
      domainId: domain.domainId,
      domain: domain.hostname,
      role: access.role,
      robotsTxt: preview.text,
      contentHash: await sha256Hex(new TextEncoder().encode(preview.text)),
      originFound: preview.originFound,
      blockedBots: preview.blocked,
      servedVersion: served
        ? { effectiveFrom: served.effectiveFrom.toISOString(), contentHash: served.contentHash }
        : null,
    },
  };
};
