import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOG_FORMATS, parseLogLine, parseLogTime, urlOf } from "./log-lines.js";

describe("access-log lines", () => {
  it("reads the combined format", () => {
    const line =
      '66.249.66.1 - - [20/Nov/2026:10:00:00 +0100] "GET /pricing?ref=x HTTP/1.1" 200 5120 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"';
    expect(parseLogLine(line)).toEqual({
      ts: new Date("2026-11-20T09:00:00.000Z"),
      ip: "66.249.66.1",
      path: "/pricing",
      status: 200,
      bytes: 5120,
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      referer: null,
      query: "?ref=x",
      contentType: null,
    });
    expect(
      parseLogLine(
        '::1 - - [01/Jan/2026:00:00:00 -0000] "HEAD / HTTP/1.0" 304 - "https://chatgpt.com/" "curl/8"',
      ),
    ).toMatchObject({
      ip: "::1",
      bytes: 0,
      referer: "https://chatgpt.com/",
    });
  });

  it("reads NDJSON with common field names", () => {
    expect(
      parseLogLine(
        '{"time":"2026-11-20T10:00:00Z","remote_addr":"1.2.3.4","request":"GET /a HTTP/1.1","status":404,"body_bytes_sent":"12","http_user_agent":"GPTBot/1.0"}',
      ),
    ).toMatchObject({
      path: "/a",
      status: 404,
      bytes: 12,
      userAgent: "GPTBot/1.0",
    });
    expect(
      parseLogLine(
        '{"ts":1763632800000,"ip":"1.2.3.4","path":"/b","status":200,"userAgent":"x"}',
      )?.ts.toISOString(),
    ).toBe("2025-11-20T10:00:00.000Z");
  });

  it("refuses what it cannot read, and never throws", () => {
    for (const bad of [
      "",
      "garbage",
      "{}",
      "[1]",
      '{"ts":"x","ip":"1","path":"/","status":200,"userAgent":"u"}',
      '1.2.3.4 - - [32/Foo/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1',
    ]) {
      expect(parseLogLine(bad), bad).toBeNull();
    }
    fc.assert(
      fc.property(fc.string(), (s) => {
        parseLogLine(s);
      }),
    );
    expect(parseLogTime("10/Oct/2000:13:55:36 -0700")?.toISOString()).toBe(
      "2000-10-10T20:55:36.000Z",
    );
  });

  it("stores a request target as its URL pathname: no query or fragment, dot segments resolved", () => {
    const line = (target: string) =>
      `192.0.2.1 - - [20/Nov/2026:10:00:00 +0000] "GET ${target} HTTP/1.1" 200 1 "-" "GPTBot/1.0"`;
    expect(parseLogLine(line("/a/./b/../c?x=1#top"))?.path).toBe("/a/c");
    expect(parseLogLine(line("https://example.com/p%7E/q?utm_source=x"))?.path).toBe("/p%7E/q");
    expect(parseLogLine(line("//double//slash?"))?.path).toBe("//double//slash");
    expect(parseLogLine(line("/caf\u00e9"))?.path).toBe("/caf%C3%A9");
  });

  it("reads back every combined-format line it is given (round trip)", () => {
    const MONTHS = [
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
    ];
    const pad = (n: number) => String(n).padStart(2, "0");
    // Dot segments are resolved (see the next case), so they are not round-tripped here.
    const segment = fc
      .stringMatching(/^[A-Za-z0-9._~-]{1,12}$/)
      .filter((s) => s !== "." && s !== "..");
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2099-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        fc.array(segment, { maxLength: 5 }),
        fc.integer({ min: 100, max: 599 }),
        fc.nat({ max: 10_000_000 }),
        fc.stringMatching(/^[ -!#-[\]-~]{0,80}$/),
        (date, segments, status, bytes, userAgent) => {
          const ts = new Date(Math.floor(date.getTime() / 1000) * 1000);
          const time = `${pad(ts.getUTCDate())}/${MONTHS[ts.getUTCMonth()]}/${ts.getUTCFullYear()}:${pad(ts.getUTCHours())}:${pad(ts.getUTCMinutes())}:${pad(ts.getUTCSeconds())} +0000`;
          const path = `/${segments.join("/")}`;
          const line = `192.0.2.1 - - [${time}] "GET ${path} HTTP/1.1" ${status} ${bytes} "-" "${userAgent}"`;
          expect(parseLogLine(line)).toEqual({
            ts,
            ip: "192.0.2.1",
            path,
            status,
            bytes,
            userAgent,
            referer: null,
            query: "",
            contentType: null,
          });
        },
      ),
    );
  });

  it("never throws in any format", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...LOG_FORMATS), (s, format) => {
        parseLogLine(s, format);
      }),
    );
  });

  it("property: a request target's path and query are those of WHATWG URL parsing", () => {
    const viaUrl = (target: string) => {
      try {
        const url = target.startsWith("/")
          ? new URL(`http://log.invalid${target}`)
          : new URL(target);
        return { path: url.pathname, query: url.search };
      } catch {
        return null;
      }
    };
    // Characters of plain targets and every kind the fast split must leave to URL parsing.
    const char = fc.constantFrom(
      ..."/aZ09-._~!$&()*+,;=:@?%#' \"<>`{}|^[]\\é".split(""),
      "/.",
      "/..",
      "%2e",
      "%2F",
      "\t",
    );
    const target = fc.oneof(
      fc.array(char, { maxLength: 24 }).map((cs) => `/${cs.join("")}`),
      fc.string({ maxLength: 24 }).map((t) => `/${t}`),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
    );
    fc.assert(
      fc.property(target, (t) => {
        expect(urlOf(t)).toEqual(viaUrl(t));
      }),
      { numRuns: 3_000 },
    );
  });
});
