import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FetchLike } from "../ports/index.js";
import { declaredResponse } from "./declared.js";
import { isRenderFailed } from "./errors.js";
import { createFetchRenderer } from "./fetch-renderer.js";

const PAGE = "https://shop.example/a/b";

describe("declaredResponse", () => {
  it("reads the prerender status meta tag in the head", () => {
    const html = `<html><head><meta name="prerender-status-code" content="404"></head></html>`;
    expect(declaredResponse(html, PAGE)).toEqual({ status: 404, location: null });
  });

  it("needs a usable Location for a redirect status, resolved against the page", () => {
    const head = (extra: string) =>
      `<head><meta content='301' name='Prerender-Status-Code'>${extra}</head>`;
    expect(declaredResponse(head(""), PAGE)).toBeNull();
    expect(
      declaredResponse(
        head(`<meta name="prerender-header" content="Location: /new?x=1&amp;y=2">`),
        PAGE,
      ),
    ).toEqual({ status: 301, location: "https://shop.example/new?x=1&y=2" });
    expect(
      declaredResponse(
        head(`<meta name="prerender-header" content="Location: javascript:alert(1)">`),
        PAGE,
      ),
    ).toBeNull();
  });

  it("ignores tags in the body, invalid codes and informational codes", () => {
    expect(
      declaredResponse(
        `<head></head><body><meta name="prerender-status-code" content="404">`,
        PAGE,
      ),
    ).toBeNull();
    expect(declaredResponse(`<meta name="prerender-status-code" content="4040">`, PAGE)).toBeNull();
    expect(declaredResponse(`<meta name="prerender-status-code" content="101">`, PAGE)).toBeNull();
  });

  it("never throws and only yields statuses 200-599 with http(s) locations", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.string({ maxLength: 40 }),
        (noise, location) => {
          const html = `<head>${noise}<meta name="prerender-status-code" content="${noise.slice(0, 3)}"><meta name="prerender-header" content="Location: ${location}">${noise}</head>`;
          const out = declaredResponse(html, PAGE);
          if (out === null) return;
          expect(out.status).toBeGreaterThanOrEqual(200);
          expect(out.status).toBeLessThan(600);
          if (out.location !== null) expect(new URL(out.location).protocol).toMatch(/^https?:$/);
        },
      ),
      { seed: 13, numRuns: 500 },
    );
  });
});

describe("createFetchRenderer", () => {
  const deadline = () => new Date(Date.now() + 2_000);
  const serve =
    (body: string, init: ResponseInit = {}): FetchLike =>
    async () =>
      new Response(body, { headers: { "content-type": "text/html" }, ...init });

  it("returns the origin's HTML and status, and sends the given headers", async () => {
    let seen: Record<string, string> | undefined;
    const renderer = createFetchRenderer({
      fetch: async (_url, init) => {
        seen = init.headers;
        return new Response("<p>hi</p>", { status: 200 });
      },
    });
    const out = await renderer.render({
      device: "desktop",
      url: PAGE,
      headers: { "user-agent": "Googlebot" },
      originHeaders: { "x-forwarded-host": "shop.example", host: "shop.example" },
      deadline: deadline(),
    });
    expect(out).toMatchObject({ status: 200, html: "<p>hi</p>", finalUrl: PAGE });
    expect(seen).toEqual({
      "user-agent": "Googlebot",
      "x-forwarded-host": "shop.example",
      host: "shop.example",
    });
  });

  it("passes an origin redirect on without following it", async () => {
    const renderer = createFetchRenderer({
      fetch: serve("", { status: 302, headers: { location: "/elsewhere" } }),
    });
    const out = await renderer.render({
      device: "desktop",
      url: PAGE,
      headers: {},
      deadline: deadline(),
    });
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe("https://shop.example/elsewhere");
  });

  it("lets a declared status win over the origin's", async () => {
    const renderer = createFetchRenderer({
      fetch: serve(`<head><meta name="prerender-status-code" content="410"></head>`),
    });
    expect(
      (await renderer.render({ device: "desktop", url: PAGE, headers: {}, deadline: deadline() }))
        .status,
    ).toBe(410);
  });

  it("fails with deadline when the origin does not answer in time", async () => {
    const renderer = createFetchRenderer({
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
        ),
    });
    const error = await renderer
      .render({ device: "desktop", url: PAGE, headers: {}, deadline: new Date(Date.now() + 50) })
      .catch((e: unknown) => e);
    expect(isRenderFailed(error) && error.reason).toBe("deadline");
  });

  it("refuses documents over the size limit, streamed or declared", async () => {
    const big = "x".repeat(2_000);
    for (const fetch of [serve(big), serve(big, { headers: { "content-length": "2000" } })]) {
      const renderer = createFetchRenderer({ fetch, maxBytes: 1_000 });
      const error = await renderer
        .render({ device: "desktop", url: PAGE, headers: {}, deadline: deadline() })
        .catch((e: unknown) => e);
      expect(isRenderFailed(error) && error.reason).toBe("too_large");
    }
  });

  it("reports a refused address as refused", async () => {
    const renderer = createFetchRenderer({
      fetch: () => Promise.reject(new Error("upstream resolves to a non-public address")),
    });
    const error = await renderer
      .render({ device: "desktop", url: PAGE, headers: {}, deadline: deadline() })
      .catch((e: unknown) => e);
    expect(isRenderFailed(error) && error.reason).toBe("refused");
  });
});
