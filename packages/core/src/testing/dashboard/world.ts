import { type Crawlgate, type CrawlgateDeps, createCrawlgate } from "../../crawlgate.js";
import type { DashboardAssets } from "../../dashboard/assets.js";
import type { PlanName } from "../../types.js";
import { createFakeClock, type FakeClock } from "../fixtures.js";
import { type Harness, useHarness } from "../harness.js";

/**
 * Puts a bridge in front of the dashboard of `crawlgate` (trusting `X-Forwarded-*`, so that a
 * case can say whether the request came over https): `send` answers one request without
 * following redirects.
 */
export type DashboardBridge = (
  crawlgate: Crawlgate,
  assets: DashboardAssets,
) => Promise<{ send(request: Request): Promise<Response>; close?(): Promise<void> }>;

export interface DashboardSuiteOptions {
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">;
  bridge: DashboardBridge;
}

/** The host the suite's requests claim (through `X-Forwarded-Host`). */
export const SITE = "dash.example.test";
export const DOMAIN_HOST = "shop.example.com";

export interface Member {
  userId: string;
  name: string;
  key: string;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: () => unknown;
}

export interface DashboardWorld {
  crawlgate: Crawlgate;
  stores: Omit<CrawlgateDeps, "clock" | "logger">;
  clock: FakeClock;
  domainId: string;
  users: Record<"owner" | "manager" | "viewer" | "starter", Member>;
  /** One request to the dashboard (over http unless `https`). */
  send(
    method: string,
    path: string,
    init?: { headers?: Record<string, string>; body?: unknown; https?: boolean; form?: string },
  ): Promise<Reply>;
  /** One request to the API with the user's key. */
  api(user: Member, method: string, path: string, body?: unknown): Promise<Reply>;
  /** A fresh sign-in link's path for the user, issued for the suite's site (over http unless `https`). */
  link(user: Member, init?: { https?: boolean }): Promise<string>;
  /** Signs in with a fresh link: the `Cookie` header value and the CSRF token. */
  signIn(user: Member): Promise<{ cookie: string; csrfToken: string }>;
}

/** Files of a tiny UI: an index page and one hashed script. */
export const TEST_ASSETS: DashboardAssets = {
  get(path) {
    const text = (body: string, contentType: string, immutable = false) => ({
      contentType,
      body: new TextEncoder().encode(body),
      immutable,
    });
    if (path === "/" || path === "/index.html")
      return text("<!doctype html><title>UI</title>", "text/html; charset=utf-8");
    if (path === "/assets/app-1234.js")
      return text("console.log(1)", "text/javascript; charset=utf-8", true);
    return null;
  },
};

export function useDashboardWorld(options: DashboardSuiteOptions): () => DashboardWorld {
  return useHarness<DashboardWorld>(async () => {
    const clock = createFakeClock("2026-11-20T10:00:00.000Z");
    const stores = options.makeStores();
    const crawlgate = createCrawlgate({ ...stores, clock });
    const member = async (name: string, plan: PlanName): Promise<Member> => {
      const user = await crawlgate.admin.createUser(name, plan);
      if (!user.ok) throw new Error(user.message);
      const key = await crawlgate.admin.createKey(user.value.userId);
      if (!key.ok) throw new Error(key.message);
      return { userId: user.value.userId, name, key: key.value.key };
    };
    const users = {
      owner: await member("owner", "pro"),
      manager: await member("manager", "pro"),
      viewer: await member("viewer", "pro"),
      starter: await member("starter", "starter"),
    };
    const domain = await crawlgate.admin.addDomain(users.owner.userId, DOMAIN_HOST);
    if (!domain.ok) throw new Error(domain.message);
    const domainId = domain.value.domainId;
    await crawlgate.admin.shareDomain(domainId, users.manager.userId, "manager");
    await crawlgate.admin.shareDomain(domainId, users.viewer.userId, "viewer");
    await crawlgate.admin.shareDomain(domainId, users.starter.userId, "manager");
    const client = await options.bridge(crawlgate, TEST_ASSETS);
    const world: Harness<DashboardWorld> = {
      crawlgate,
      stores,
      clock,
      domainId,
      users,
      async send(method, path, init = {}) {
        const headers: Record<string, string> = {
          "x-forwarded-host": SITE,
          "x-forwarded-proto": init.https ? "https" : "http",
          ...init.headers,
        };
        if (init.body !== undefined) headers["content-type"] ??= "application/json";
        if (init.form !== undefined)
          headers["content-type"] ??= "application/x-www-form-urlencoded";
        const request = new Request(`http://${SITE}${path}`, {
          method,
          headers,
          body: init.form ?? (init.body === undefined ? null : JSON.stringify(init.body)),
          redirect: "manual",
        });
        return reply(await client.send(request));
      },
      async api(user, method, path, body) {
        const response = await crawlgate.api.handle({
          method,
          path,
          query: {},
          headers: {
            authorization: `Bearer ${user.key}`,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? null : new TextEncoder().encode(JSON.stringify(body)),
        });
        const text =
          typeof response.body === "string"
            ? response.body
            : new TextDecoder().decode(response.body ?? new Uint8Array());
        return {
          status: response.status,
          headers: new Headers(response.headers),
          text,
          json: () => JSON.parse(text),
        };
      },
      link: async (user, init = {}) =>
        (
          await crawlgate.dashboard.signInPath(
            user.userId,
            `${init.https ? "https" : "http"}://${SITE}`,
          )
        ).path,
      async signIn(user) {
        const answer = await world.send("GET", await world.link(user));
        if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`);
        const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0] as string;
        const session = await world.send("GET", "/dashboard/api/session", {
          headers: { cookie },
        });
        const { csrfToken } = session.json() as { csrfToken: string };
        return { cookie, csrfToken };
      },
      teardown: async () => {
        await client.close?.();
        await crawlgate.close();
      },
    };
    return world;
  });
}

async function reply(response: Response): Promise<Reply> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}
