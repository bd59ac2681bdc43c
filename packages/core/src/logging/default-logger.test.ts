import { createMemoryStores } from "@crawlgate/adapter-memory";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CrawlgateDeps, createCrawlgate } from "../crawlgate.js";
import type { Logger, Renderer } from "../ports/index.js";
import { RenderFailed } from "../render/errors.js";
import { createJsonLogger } from "./json-logger.js";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const HOST = "shop.example.com";

/** A renderer whose every render fails, as one that cannot reach the origin does. */
const failing: Renderer = {
  name: "failing",
  render: () => Promise.reject(new RenderFailed("refused", "non-public address 127.0.0.1")),
  close: async () => {},
};

/** A crawler's page request to a domain whose render fails; answers the edge's decision kind. */
async function crawlWithFailingRender(logger: CrawlgateDeps["logger"]): Promise<string> {
  const crawlgate = createCrawlgate({
    ...createMemoryStores(),
    fetch: null,
    renderer: failing,
    ...(logger === undefined ? {} : { logger }),
  });
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, HOST, {
    originUrl: "http://127.0.0.1:9",
  });
  if (!domain.ok) throw new Error(domain.message);
  const answer = await crawlgate.edge.handle({
    method: "GET",
    host: HOST,
    url: "/pricing",
    headers: { "user-agent": GOOGLEBOT },
    clientIp: "127.0.0.1",
  });
  await crawlgate.close();
  return answer.kind;
}

/** The events of the JSON lines written to the console's error stream. */
function consoleEvents(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.map((args) => {
    const line = JSON.parse(String(args[0])) as { event: string; level: string; ts: string };
    expect(Number.isNaN(Date.parse(line.ts))).toBe(false);
    return `${line.level} ${line.event}`;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the instance's logger", () => {
  it("by default writes a failed render as a JSON line to the console's error stream", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await crawlWithFailingRender(undefined)).toBe("origin");
    expect(consoleEvents(spy)).toContain("warn edge.render_failed");
    const line = spy.mock.calls
      .map((args) => JSON.parse(String(args[0])) as Record<string, unknown>)
      .find((fields) => fields.event === "edge.render_failed");
    expect(line).toMatchObject({ host: HOST, path: "/pricing" });
    expect(String(line?.error)).toMatch(/non-public address/);
  });

  it("logs nothing with `logger: false`", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await crawlWithFailingRender(false)).toBe("origin");
    expect(spy).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it("uses the embedder's logger instead of the console", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const events: string[] = [];
    const logger: Logger = {
      info: (event) => events.push(`info ${event}`),
      warn: (event) => events.push(`warn ${event}`),
      error: (event) => events.push(`error ${event}`),
    };
    expect(await crawlWithFailingRender(logger)).toBe("origin");
    expect(events).toContain("warn edge.render_failed");
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("createJsonLogger", () => {
  it("writes one JSON object per event: time, level, event, then the fields", () => {
    const lines: string[] = [];
    const logger = createJsonLogger((line) => lines.push(line));
    logger.info("a", { n: 1 });
    logger.warn("b");
    logger.error("c", { error: 'quote " and\nnewline' });
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.every((line) => !line.includes("\n"))).toBe(true);
    expect(parsed.map(({ ts: _ts, ...rest }) => rest)).toEqual([
      { level: "info", event: "a", n: 1 },
      { level: "warn", event: "b" },
      { level: "error", event: "c", error: 'quote " and\nnewline' },
    ]);
  });
});
