import { PLAN_NAMES, type PlanName } from "@crawlgate/core";
import {
  type DomainSettings,
  MAX_WARM_RENDERS_PER_HOUR,
  ORIGIN_HOSTS,
  type OriginHost,
  type RenderVariant,
  verifyDomain,
  type WarmSettings,
} from "@crawlgate/core/adapter-kit";
import { nodeResolver } from "../node-resolver.js";
import { domainOf, unwrap, userIdOf, withAdmin } from "./admin.js";
import {
  CliError,
  type Command,
  type CommandContext,
  integerOption,
  stringOption,
  stringsOption,
} from "./command.js";

/** The warm settings `domains set` changes (`--sitemap`, `--warm-budget`, `--warm-schedule`). */
function warmChanges(ctx: CommandContext): Partial<WarmSettings> {
  const changes: Partial<WarmSettings> = {};
  const sitemaps = stringsOption(ctx, "sitemap");
  if (sitemaps.length > 0) changes.sitemapUrls = sitemaps.includes("none") ? [] : sitemaps;
  const budget = stringOption(ctx, "warm-budget");
  if (budget !== undefined)
    changes.rendersPerHour =
      budget === "default"
        ? null
        : integerOption(budget, "--warm-budget", 1, MAX_WARM_RENDERS_PER_HOUR);
  const schedule = stringOption(ctx, "warm-schedule");
  if (schedule !== undefined) {
    if (schedule !== "on" && schedule !== "off")
      throw new CliError("--warm-schedule must be on or off", true);
    changes.scheduled = schedule === "on";
  }
  return changes;
}

/** Admin commands: users, keys, domains. */
export const ACCOUNT_COMMANDS: readonly Command[] = [
  {
    name: "users create",
    args: "<name>",
    minArgs: 1,
    summary: "create a user",
    options: { plan: { type: "string", value: PLAN_NAMES.join("|") } },
    async run(ctx) {
      const plan = (stringOption(ctx, "plan") ?? "pro") as PlanName;
      if (!PLAN_NAMES.includes(plan)) throw new CliError(`unknown plan "${plan}"`);
      const user = await withAdmin(ctx, async ({ admin }) =>
        unwrap(await admin.createUser(ctx.args[0] as string, plan)),
      );
      ctx.io.out(JSON.stringify({ userId: user.userId, name: user.name, plan: user.plan }));
      return 0;
    },
  },
  {
    name: "keys create",
    args: "<user>",
    minArgs: 1,
    summary: "create an API key; it is printed once, only its hash is stored",
    options: {},
    async run(ctx) {
      const created = await withAdmin(ctx, async ({ admin }, stores) =>
        unwrap(await admin.createKey(await userIdOf(stores, ctx.args[0] as string))),
      );
      ctx.io.out(JSON.stringify({ keyId: created.record.keyId, key: created.key }));
      return 0;
    },
  },
  {
    name: "keys revoke",
    args: "<key>",
    minArgs: 1,
    summary: "revoke a key (or: keys revoke <keyId> --user <user>)",
    options: { user: { type: "string", value: "<user>" } },
    async run(ctx) {
      const user = stringOption(ctx, "user");
      const revoked = await withAdmin(ctx, async ({ admin }, stores) => {
        const owner = user === undefined ? undefined : await userIdOf(stores, user);
        return unwrap(await admin.revokeKey(ctx.args[0] as string, owner));
      });
      ctx.io.out(JSON.stringify({ keyId: revoked.keyId, revoked: true }));
      return 0;
    },
  },
  {
    name: "domains add",
    args: "<hostname>",
    minArgs: 1,
    summary: "add a domain owned by a user",
    options: {
      owner: { type: "string", value: "<user>", required: true },
      origin: { type: "string", value: "<url>" },
    },
    async run(ctx) {
      const domain = await withAdmin(ctx, async ({ admin }, stores) => {
        const owner = await userIdOf(stores, stringOption(ctx, "owner") as string);
        const originUrl = stringOption(ctx, "origin") ?? null;
        return unwrap(await admin.addDomain(owner, ctx.args[0] as string, { originUrl }));
      });
      ctx.io.out(JSON.stringify({ domainId: domain.domainId, domain: domain.hostname }));
      return 0;
    },
  },
  {
    name: "domains set",
    args: "<hostname>",
    minArgs: 1,
    summary:
      'change a domain\'s origin, page-cache lifetime ("none": default), the Host sent to its origin, its render variants, its sitemaps (repeat --sitemap; "none" clears), warm budget (renders per hour, "default") or hourly warming',
    options: {
      origin: { type: "string", value: "<url>|none" },
      "cache-ttl": { type: "string", value: "<seconds>|none" },
      "origin-host": { type: "string", value: ORIGIN_HOSTS.join("|") },
      "render-variants": { type: "string", value: "desktop|desktop,mobile" },
      sitemap: { type: "string", value: "<url>|none", multiple: true },
      "warm-budget": { type: "string", value: "<renders/hour>|default" },
      "warm-schedule": { type: "string", value: "on|off" },
    },
    async run(ctx) {
      const origin = stringOption(ctx, "origin");
      const ttl = stringOption(ctx, "cache-ttl");
      const originHost = stringOption(ctx, "origin-host");
      const variants = stringOption(ctx, "render-variants");
      const warm = warmChanges(ctx);
      const edge = [origin, ttl, originHost, variants].some((v) => v !== undefined);
      if (!edge && Object.keys(warm).length === 0) {
        throw new CliError(
          "domains set needs --origin, --cache-ttl, --origin-host, --render-variants, --sitemap, --warm-budget or --warm-schedule",
          true,
        );
      }
      if (originHost !== undefined && !ORIGIN_HOSTS.includes(originHost as OriginHost)) {
        throw new CliError(`--origin-host must be one of ${ORIGIN_HOSTS.join(", ")}`, true);
      }
      const settings: DomainSettings = {};
      if (origin !== undefined) settings.originUrl = origin === "none" ? null : origin;
      if (originHost !== undefined) settings.originHost = originHost as OriginHost;
      if (variants !== undefined) {
        // Checked by the admin (known names, each once, desktop among them).
        settings.renderVariants = variants.split(",").map((v) => v.trim()) as RenderVariant[];
      }
      if (ttl !== undefined) {
        settings.pageCacheTtlSeconds =
          ttl === "none" ? null : /^\d+$/.test(ttl) ? Number(ttl) : Number.NaN;
      }
      const { domain, warming } = await withAdmin(ctx, async ({ admin }, stores) => {
        const found = await domainOf(stores, ctx.args[0] as string);
        return {
          domain: edge ? unwrap(await admin.setDomainSettings(found.domainId, settings)) : found,
          warming: unwrap(await admin.setWarmSettings(found.domainId, warm)),
        };
      });
      ctx.io.out(
        JSON.stringify({
          domainId: domain.domainId,
          domain: domain.hostname,
          origin: domain.originUrl,
          pageCacheTtlSeconds: domain.pageCacheTtlSeconds,
          originHost: domain.originHost,
          renderVariants: domain.renderVariants,
          sitemaps: warming.sitemapUrls,
          warmRendersPerHour: warming.rendersPerHour,
          warmSchedule: warming.scheduled ? "on" : "off",
        }),
      );
      return 0;
    },
  },
  {
    name: "domains verify",
    args: "<hostname>",
    minArgs: 1,
    summary:
      "check a domain's ownership challenge (DNS TXT or token file on its origin); exit 1 while pending",
    options: {},
    async run(ctx) {
      const result = await withAdmin(ctx, async (_, stores) => {
        const domain = await domainOf(stores, ctx.args[0] as string);
        const { createOriginFetch } = await import("../renderer.js");
        const checks = { resolver: nodeResolver, fetch: createOriginFetch() };
        return verifyDomain({ ...stores, ...checks }, domain);
      });
      const stage = result.domain.verificationStage ?? "pending";
      ctx.io.out(
        JSON.stringify({
          domainId: result.domain.domainId,
          domain: result.domain.hostname,
          verificationStage: stage,
          challenge: result.challenge,
          message: result.message,
        }),
      );
      return stage === "verified" ? 0 : 1;
    },
  },
  {
    name: "domains share",
    args: "<hostname> <user>",
    minArgs: 2,
    summary: "share a domain with another user",
    options: { role: { type: "string", value: "manager|viewer", required: true } },
    async run(ctx) {
      const role = stringOption(ctx, "role");
      if (role !== "manager" && role !== "viewer")
        throw new CliError("--role must be manager or viewer");
      const [hostname, user] = ctx.args as [string, string];
      const domain = await withAdmin(ctx, async ({ admin }, stores) => {
        const found = await domainOf(stores, hostname);
        unwrap(await admin.shareDomain(found.domainId, await userIdOf(stores, user), role));
        return found;
      });
      ctx.io.out(JSON.stringify({ domainId: domain.domainId, user, role }));
      return 0;
    },
  },
];
