import type { Crawlgate, Domain, PlanName, RoutingRule, Stores } from "@crawlgate/core";
import { API_PREFIX } from "@crawlgate/core/adapter-kit";
import { SITES } from "./sites.js";

export interface DemoWorld {
  keys: { owner: string; manager: string; viewer: string; starter: string; revoked: string };
  domains: { domainId: string; domain: string; owner: "owner" | "starter" }[];
  /** Base URL of the demo origin the first domain (the shop) points at, when one runs. */
  origin?: string;
}

const USERS: { name: keyof DemoWorld["keys"] & string; plan: PlanName }[] = [
  { name: "owner", plan: "pro" },
  { name: "manager", plan: "pro" },
  { name: "viewer", plan: "pro" },
  { name: "starter", plan: "starter" },
];

const DOMAINS = [
  { owner: "owner", hostname: SITES.shop.hostname, originUrl: SITES.shop.originUrl },
  { owner: "owner", hostname: SITES.blog.hostname, originUrl: SITES.blog.originUrl },
  { owner: "starter", hostname: "starter.example.net", originUrl: null },
] as const;

type RuleSeed = Pick<
  RoutingRule,
  "sourcePath" | "targetUrl" | "ruleType" | "redirectCode" | "priority" | "isActive" | "notes"
>;

const RULES: RuleSeed[] = [
  {
    sourcePath: "/old-pricing",
    targetUrl: "/pricing",
    ruleType: "redirect",
    redirectCode: 301,
    priority: 0,
    isActive: true,
    notes: "Pricing page moved in 2026",
  },
  {
    sourcePath: "/blog/*",
    targetUrl: "https://blog.example.com/",
    ruleType: "redirect",
    redirectCode: 302,
    priority: 10,
    isActive: true,
    notes: null,
  },
  {
    sourcePath: "/docs/:path*",
    targetUrl: "https://docs.example.org/:path*",
    ruleType: "proxy",
    redirectCode: null,
    priority: 5,
    isActive: true,
    notes: "Docs are hosted elsewhere",
  },
  {
    sourcePath: "/summer-sale",
    targetUrl: "/sale",
    ruleType: "redirect",
    redirectCode: 302,
    priority: 0,
    isActive: false,
    notes: "Paused until next season",
  },
];

/**
 * Seeds the demo world once (users, domains, shares, rules) and mints fresh demo keys on every
 * start: keys exist only as hashes, so earlier demo keys are revoked and new ones printed.
 */
export async function seedDemoAccounts(
  crawlgate: Crawlgate,
  deps: Pick<Stores, "accounts" | "rules">,
  now: Date,
): Promise<DemoWorld> {
  const { admin } = crawlgate;
  const users: Record<string, string> = {};
  for (const { name, plan } of USERS) {
    const existing = await deps.accounts.getUserByName(name);
    users[name] = existing ? existing.userId : unwrap(await admin.createUser(name, plan)).userId;
  }
  const domains: Domain[] = [];
  for (const seed of DOMAINS) {
    const existing = await deps.accounts.getDomainByHostname(seed.hostname);
    domains.push(
      existing ??
        unwrap(
          await admin.addDomain(users[seed.owner] as string, seed.hostname, {
            originUrl: seed.originUrl,
            verificationStage: "verified",
          }),
        ),
    );
  }
  const [first, second] = domains as [Domain, Domain, Domain];
  // The owner's second domain is also shared back to the owner: it must still list once, as owner.
  unwrap(await admin.shareDomain(second.domainId, users.owner as string, "viewer"));
  unwrap(await admin.shareDomain(first.domainId, users.manager as string, "manager"));
  unwrap(await admin.shareDomain(first.domainId, users.viewer as string, "viewer"));

  const keys = {} as DemoWorld["keys"];
  for (const { name } of USERS) {
    const userId = users[name] as string;
    for (const key of await deps.accounts.listApiKeys(userId)) {
      if (key.revokedAt === null) await deps.accounts.revokeApiKey(key.keyId, now);
    }
    keys[name] = unwrap(await admin.createKey(userId)).key;
  }
  if ((await deps.rules.countRules(first.domainId)) === 0) {
    // Through the API, as the owner: the same validation, limits and cache invalidation.
    for (const seed of RULES) await createRule(crawlgate, keys.owner, first.domainId, seed);
  }
  const revoked = unwrap(await admin.createKey(users.owner as string));
  await deps.accounts.revokeApiKey(revoked.record.keyId, now);
  keys.revoked = revoked.key;

  return {
    keys,
    domains: domains.map((domain, i) => ({
      domainId: domain.domainId,
      domain: domain.hostname,
      owner: DOMAINS[i]?.owner as "owner" | "starter",
    })),
  };
}

async function createRule(crawlgate: Crawlgate, key: string, domainId: string, seed: RuleSeed) {
  const response = await crawlgate.api.handle({
    method: "POST",
    path: `${API_PREFIX}/domains/${domainId}/routing-rules`,
    query: {},
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: new TextEncoder().encode(JSON.stringify(seed)),
  });
  if (response.status !== 201) throw new Error(`demo seed failed: ${String(response.body)}`);
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(`demo seed failed: ${result.message}`);
  return result.value;
}
