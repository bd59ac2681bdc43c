import { type CrawlgateConfig, type CrawlgateDeps, createCrawlgate } from "../../crawlgate.js";
import type { Clock, FetchLike } from "../../ports/index.js";
import type { Domain, PlanName, User } from "../../types.js";
import { createContractChecker } from "./contract.js";

/** How an API suite reaches the HTTP handlers under test (fetch handler, Express, ...). */
export type HttpBridge = (
  crawlgate: ReturnType<typeof createCrawlgate>,
) => Promise<{ fetch: (request: Request) => Promise<Response>; close?: () => Promise<void> }>;

/** Fresh stores for one test (clock and logger are supplied by the suite). */
export type DepsFactory = () => Promise<{
  deps: Omit<CrawlgateDeps, "clock" | "logger">;
  teardown?: () => Promise<void>;
}>;

export interface ApiSuiteOptions {
  makeDeps: DepsFactory;
  bridge: HttpBridge;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** Raw body text, sent as is (overrides `body`). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  /** The body exactly as received. */
  bytes: Uint8Array;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  json: any;
}

export interface ApiWorld {
  clock: Clock & { set(date: Date): void; advance(ms: number): void };
  users: Record<"owner" | "manager" | "viewer" | "starter" | "business" | "stranger", User>;
  keys: Record<"owner" | "manager" | "viewer" | "starter" | "business" | "stranger", string>;
  /** `shop` (owner's; manager and viewer members), `blog` (owner's, also shared back to the
   *  owner as viewer), `starterSite` (starter's), `other` (stranger's). */
  domains: Record<"shop" | "blog" | "starterSite" | "other", Domain>;
  crawlgate: ReturnType<typeof createCrawlgate>;
  deps: Omit<CrawlgateDeps, "clock" | "logger">;
  /**
   * One request through the bridge; `path` is below `/functions/v1` (`/list-user-domains`) or an
   * absolute URL (a presigned link as handed out). Every answer is checked against the OpenAPI
   * document; a breach throws.
   */
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

export const START = new Date("2026-11-20T10:00:00.000Z");

/** The robots.txt of the world's origin (`https://origin.example.com`), served in process. */
export const WORLD_ORIGIN_ROBOTS = "User-agent: *\nDisallow: /admin\n";

const worldOriginRobots: FetchLike = async (url) =>
  url === "https://origin.example.com/robots.txt"
    ? new Response(WORLD_ORIGIN_ROBOTS, { status: 200, headers: { "content-type": "text/plain" } })
    : new Response("not found", { status: 404 });

let checker: ReturnType<typeof createContractChecker> | undefined;

/**
 * Checks an answer against the OpenAPI document (every call of every API case on every engine
 * and bridge goes through here): a field added, renamed or left out, an undocumented status,
 * media type or missing header fails the test that made the call.
 */
function checkContract(method: string, url: URL, response: Response, text: string): void {
  checker ??= createContractChecker();
  const problems = checker({
    method,
    url: `${url.pathname}${url.search}`,
    status: response.status,
    headers: response.headers,
    text,
  });
  if (problems.length > 0) {
    throw new Error(`the answer breaks the OpenAPI document:\n${problems.join("\n")}`);
  }
}

/** Builds a small account world behind the given bridge. */
export async function createApiWorld(
  options: ApiSuiteOptions,
  config: CrawlgateConfig = {},
): Promise<ApiWorld> {
  const { deps, teardown } = await options.makeDeps();
  let now = START.getTime();
  const clock = {
    now: () => new Date(now),
    set: (date: Date) => {
      now = date.getTime();
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
  const crawlgate = createCrawlgate(
    { robotsFetch: worldOriginRobots, ...deps, clock },
    { ratePerMinute: 1000, ...config },
  );
  const { admin } = crawlgate;
  const plans: Record<string, PlanName> = {
    owner: "pro",
    manager: "pro",
    viewer: "pro",
    starter: "starter",
    business: "business",
    stranger: "pro",
  };
  const users = {} as ApiWorld["users"];
  const keys = {} as ApiWorld["keys"];
  for (const [name, plan] of Object.entries(plans)) {
    const user = ok(await admin.createUser(name, plan));
    users[name as keyof ApiWorld["users"]] = user;
    keys[name as keyof ApiWorld["keys"]] = ok(await admin.createKey(user.userId)).key;
  }
  const domains = {
    shop: ok(
      await admin.addDomain(users.owner.userId, "shop.example.com", {
        originUrl: "https://origin.example.com",
      }),
    ),
    blog: ok(await admin.addDomain(users.owner.userId, "blog.example.com")),
    starterSite: ok(await admin.addDomain(users.starter.userId, "starter.example.net")),
    other: ok(await admin.addDomain(users.stranger.userId, "other.example.org")),
  };
  ok(await admin.shareDomain(domains.shop.domainId, users.manager.userId, "manager"));
  ok(await admin.shareDomain(domains.shop.domainId, users.viewer.userId, "viewer"));
  ok(await admin.shareDomain(domains.shop.domainId, users.business.userId, "manager"));
  ok(await admin.shareDomain(domains.blog.domainId, users.owner.userId, "viewer"));

  const bridge = await options.bridge(crawlgate);
  return {
    clock,
    users,
    keys,
    domains,
    crawlgate,
    deps,
    async call(method, path, call = {}) {
      const headers: Record<string, string> = { ...call.headers };
      const key = call.key === undefined ? keys.owner : call.key;
      if (key !== null) headers.authorization ??= `Bearer ${key}`;
      let body: string | Uint8Array | undefined;
      if (call.rawBody !== undefined) body = call.rawBody;
      else if (call.body !== undefined) {
        body = JSON.stringify(call.body);
        headers["content-type"] ??= "application/json";
      }
      const url = new URL(/^https?:/.test(path) ? path : `http://api.test/functions/v1${path}`);
      const response = await bridge.fetch(
        new Request(url, { method, headers, body: body ?? null }),
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      checkContract(method, url, response, text);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, bytes, text, json };
    },
    async close() {
      await bridge.close?.();
      await teardown?.();
    },
  };
}

function ok<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}
