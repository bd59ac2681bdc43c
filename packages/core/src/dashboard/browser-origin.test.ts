import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ApiRequest } from "../http/types.js";
import { browserOrigin, originOf, secureCookies } from "./browser-origin.js";

const request = (origin: string | null | undefined): ApiRequest => ({
  method: "GET",
  path: "/dashboard/api/session",
  query: {},
  headers: {},
  body: null,
  ...(origin === undefined ? {} : { origin }),
});

describe("browserOrigin", () => {
  it("is the base URL's origin on the base URL's host name, else what the bridge saw", () => {
    const base = "https://crawlgate.example.com";
    // A TLS proxy the server does not trust: the bridge saw http, the browser is on https.
    expect(browserOrigin(request("http://crawlgate.example.com"), base)).toBe(base);
    expect(browserOrigin(request("http://CRAWLGATE.example.com:8080"), base)).toBe(base);
    // Another host crawlgate answers on: what the bridge saw, scheme and port included.
    expect(browserOrigin(request("http://127.0.0.1:8787"), base)).toBe("http://127.0.0.1:8787");
    expect(browserOrigin(request("http://localhost:8787"), null)).toBe("http://localhost:8787");
    expect(browserOrigin(request("https://a.example:443"), null)).toBe("https://a.example");
    // The bridge could not tell: nothing to compare with.
    expect(browserOrigin(request(null), base)).toBeNull();
    expect(browserOrigin(request(undefined), null)).toBeNull();
  });

  it("cookies are Secure whenever the base URL or the browser's origin is https", () => {
    expect(secureCookies(request("http://x.example"), "https://x.example")).toBe(true);
    expect(secureCookies(request("http://127.0.0.1:8787"), "https://x.example")).toBe(true);
    expect(secureCookies(request("https://x.example"), null)).toBe(true);
    expect(secureCookies(request("http://x.example"), null)).toBe(false);
    expect(secureCookies(request("http://x.example"), "http://x.example")).toBe(false);
  });

  it("property: originOf never throws and gives an http(s) origin or null", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl()), (text) => {
        const origin = originOf(text);
        if (origin !== null) expect(originOf(origin)).toBe(origin);
        if (origin !== null) expect(origin).toMatch(/^https?:\/\/[^/]+$/);
      }),
    );
  });
});
