import { describe, expect, it } from "vitest";
import { CrawlgateError, isCrawlgateError } from "../errors.js";
import { DEFAULT_INGEST, resolveConfig } from "./resolve-config.js";

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("no error");
};

describe("resolveConfig", () => {
  it("holds every default", () => {
    const config = resolveConfig();
    expect(config.ratePerMinute).toBe(60);
    expect(config.ingest).toEqual(DEFAULT_INGEST);
    expect(config.ingest).toMatchObject({ pathCap: 50_000, maxBatch: 500, verifyTimeoutMs: 300 });
    expect(config.htmlRetentionDays).toBe(90);
    expect(config.baseUrl).toBeNull();
    expect(config.plans.pro.ruleLimit).toBe(100);
    expect(config.edge).toEqual({
      pageCacheTtlSeconds: 86_400,
      renderBudgetMs: 8_000,
      renderDeadlineMs: 30_000,
      workerConcurrency: 2,
      workerPollMs: 500,
      hotCacheMs: 5_000,
      maxAttempts: 5,
    });
  });

  it("applies what is set and keeps the defaults of what is not (undefined included)", () => {
    const config = resolveConfig({
      ratePerMinute: 5,
      ingest: { maxBatch: 7, concurrency: undefined },
      baseUrl: "https://api.example.com/",
      plans: { pro: { ruleLimit: 3 } },
    });
    expect(config.ratePerMinute).toBe(5);
    expect(config.ingest).toEqual({ ...DEFAULT_INGEST, maxBatch: 7 });
    expect(config.baseUrl).toBe("https://api.example.com");
    expect(config.plans.pro).toEqual({ monthlyQuota: 10_000, ruleLimit: 3, apiAccess: true });
  });

  it("refuses a bad value with an invalid_config CrawlgateError naming it", () => {
    const cases: [Parameters<typeof resolveConfig>[0], RegExp][] = [
      [{ ratePerMinute: 0 }, /ratePerMinute must be a positive integer/],
      [{ ratePerMinute: 1.5 }, /ratePerMinute/],
      [{ ingest: { maxBatch: -1 } }, /ingest\.maxBatch/],
      [{ ingest: { pathCap: -1 } }, /ingest\.pathCap must be a non-negative integer/],
      [{ htmlRetentionDays: 0 }, /htmlRetentionDays/],
      [{ baseUrl: "ftp://x.example" }, /baseUrl must be an http\(s\) origin/],
      [{ baseUrl: "https://api.example.com/v1" }, /baseUrl/],
      [{ baseUrl: "not a url" }, /baseUrl/],
      [{ secret: "too short" }, /secret: .*32 bytes/],
      [{ edge: { renderBudgetMs: 0 } }, /edge\.renderBudgetMs must be a positive integer/],
      [{ edge: { hotCacheMs: -1 } }, /edge\.hotCacheMs must be a non-negative integer/],
    ];
    for (const [config, message] of cases) {
      const error = refusal(() => resolveConfig(config));
      expect(isCrawlgateError(error), String(error)).toBe(true);
      expect((error as CrawlgateError).code).toBe("invalid_config");
      expect((error as Error).message).toMatch(/^\[crawlgate\] /);
      expect((error as Error).message).toMatch(message);
    }
  });
});

describe("isCrawlgateError", () => {
  it("recognises the error by name, also from another copy of the class", () => {
    expect(isCrawlgateError(new CrawlgateError("forbidden"))).toBe(true);
    const fromAnotherBuild = Object.assign(new Error("x"), { name: "CrawlgateError", code: "x" });
    expect(isCrawlgateError(fromAnotherBuild)).toBe(true);
    expect(isCrawlgateError(new Error("forbidden"))).toBe(false);
    expect(isCrawlgateError({ name: "CrawlgateError", code: "forbidden" })).toBe(false);
    expect(isCrawlgateError(null)).toBe(false);
  });
});
