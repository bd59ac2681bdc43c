import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import type { Resolver } from "../ports/index.js";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { buildRangeSet, parseRangeFile } from "./ip-ranges.js";
import { createVerifier } from "./verifier.js";

const taxonomy = getTaxonomy("1.0") as Taxonomy;
const GPTBOT_FILE = "https://openai.com/gptbot.json";
const bot = (id: string) => {
  const found = taxonomy.botById(id);
  if (!found) throw new Error(`no bot ${id}`);
  return found;
};

// The operators' real file shape (Google style: microsecond creationTime without a zone).
const GOOGLE_FILE = {
  creationTime: "2026-09-17T14:46:07.000000",
  prefixes: [
    { ipv6Prefix: "2001:4860:4801:10::/64" },
    { ipv4Prefix: "66.249.64.0/27" },
    { ipv4Prefix: "66.249.64.0/19" },
  ],
};

describe("published range files", () => {
  it("parses the common shape and plain-string prefixes", () => {
    expect(parseRangeFile(GOOGLE_FILE)).toEqual({
      ok: true,
      cidrs: ["2001:4860:4801:10::/64", "66.249.64.0/27", "66.249.64.0/19"],
      creationTime: "2026-09-17T14:46:07.000000",
    });
    expect(parseRangeFile({ prefixes: ["216.73.216.0/22"] })).toMatchObject({
      ok: true,
      cidrs: ["216.73.216.0/22"],
    });
  });

  it("refuses other shapes and bad prefixes", () => {
    expect(
      parseRangeFile({ syncToken: "1", prefixes: [{ ip_prefix: "3.0.0.0/15", region: "x" }] }).ok,
    ).toBe(false);
    expect(parseRangeFile({ prefixes: [{ ipv4Prefix: "300.1.2.3/8" }] }).ok).toBe(false);
    expect(parseRangeFile({ prefixes: [{ ipv4Prefix: "1.2.3.4" }] }).ok).toBe(false);
    expect(parseRangeFile(null).ok).toBe(false);
  });

  it("finds the most specific range for IPv4, IPv6 and IPv4-mapped IPv6", () => {
    const set = buildRangeSet((parseRangeFile(GOOGLE_FILE) as { cidrs: string[] }).cidrs);
    expect(set.find("66.249.64.5")).toBe("66.249.64.0/27");
    expect(set.find("66.249.70.1")).toBe("66.249.64.0/19");
    expect(set.find("::ffff:66.249.64.5")).toBe("66.249.64.0/27");
    expect(set.find("2001:4860:4801:10::abcd")).toBe("2001:4860:4801:10::/64");
    expect(set.find("2001:4860:4801:11::1")).toBeNull();
    expect(set.find("8.8.8.8")).toBeNull();
    expect(set.find("not an ip")).toBeNull();
  });

  it("agrees with a linear scan over random ranges and addresses", () => {
    const v4 = fc
      .tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 8, max: 32 }))
      .map(([n, bits]) => {
        const ip = ipaddr.fromByteArray([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
        const [net] = ipaddr.parseCIDR(`${ip.toString()}/${bits}`);
        const bytes = net
          .toByteArray()
          .map(
            (b, i) =>
              b &
              (bits >= (i + 1) * 8
                ? 255
                : bits <= i * 8
                  ? 0
                  : (0xff << (8 - (bits - i * 8))) & 255),
          );
        return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
      });
    const address = fc
      .integer({ min: 0, max: 2 ** 32 - 1 })
      .map((n) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join("."));
    fc.assert(
      fc.property(
        fc.array(v4, { maxLength: 20 }),
        fc.array(fc.oneof(address, fc.constantFrom("10.0.0.1", "192.168.1.1")), { maxLength: 20 }),
        (cidrs, ips) => {
          const set = buildRangeSet(cidrs);
          // Twice: the second answers come from the set's memo.
          for (const ip of [...ips, ...ips]) {
            const parsed = ipaddr.parse(ip);
            const containing = cidrs.filter((c) => parsed.match(ipaddr.parseCIDR(c)));
            const found = set.find(ip);
            if (containing.length === 0) expect(found).toBeNull();
            else {
              const mostSpecific = Math.max(...containing.map((c) => Number(c.split("/")[1])));
              expect(found && Number(found.split("/")[1])).toBe(mostSpecific);
              expect(containing).toContain(found);
            }
          }
        },
      ),
    );
  });

  it("answers the same past its memo's size, asked again and again", () => {
    const cidrs = ["10.0.0.0/20", "10.0.8.0/24", "2001:db8::/32"];
    const many = Array.from({ length: 6_000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`);
    const remembered = buildRangeSet(cidrs);
    const answers = (set: ReturnType<typeof buildRangeSet>) =>
      [...many, "2001:db8::1", "::ffff:10.0.8.1", "nope", ...many].map((ip) => set.find(ip));
    const first = answers(remembered);
    expect(answers(remembered)).toEqual(first);
    expect(first.slice(0, 6_000)).toEqual(
      many.map((_, i) => (i < 4_096 ? (i >> 8 === 8 ? "10.0.8.0/24" : "10.0.0.0/20") : null)),
    );
    expect(first.slice(6_000, 6_003)).toEqual(["2001:db8::/32", "10.0.8.0/24", null]);
  });
});

function fakeResolver(
  ptr: Record<string, string[] | "nx" | "hang">,
  a: Record<string, string[]>,
): Resolver & { calls: number } {
  const r = {
    calls: 0,
    async reverse(ip: string) {
      r.calls++;
      const answer = ptr[ip];
      if (answer === "hang") return new Promise<string[]>(() => {});
      if (answer === undefined || answer === "nx")
        throw Object.assign(new Error("queryPtr ENOTFOUND"), { code: "ENOTFOUND" });
      return answer;
    },
    async forward(name: string) {
      const answer = a[name];
      if (!answer) throw Object.assign(new Error("queryA ENOTFOUND"), { code: "ENOTFOUND" });
      return answer;
    },
    txt: async () => [],
  };
  return r;
}

describe("verification", () => {
  const resolver = fakeResolver(
    {
      "66.249.66.1": ["crawl-66-249-66-1.googlebot.com."],
      "40.77.167.1": ["msnbot-40-77-167-1.search.msn.com"],
      "1.2.3.4": ["msnbot-1-2-3-4.search.msn.com"],
      "5.6.7.8": ["evil.example.net"],
      "9.9.9.9": "nx",
      "7.7.7.7": "hang",
      "2a02:6b8::1": ["spider-2a02-6b8--1.yandex.com"],
    },
    {
      "crawl-66-249-66-1.googlebot.com": ["66.249.66.1"],
      "msnbot-40-77-167-1.search.msn.com": ["40.77.167.1"],
      "msnbot-1-2-3-4.search.msn.com": ["40.77.167.99"],
      "spider-2a02-6b8--1.yandex.com": ["2a02:6b8:0:0:0:0:0:1"],
    },
  );
  const verifier = createVerifier({
    resolver,
    timeoutMs: 50,
    asn: { asnOf: async (ip) => (ip.startsWith("157.240.") ? 32934 : null) },
  });
  verifier.setRanges(
    GPTBOT_FILE,
    ["20.171.206.0/24", "2603:1030::/32"],
    new Date("2026-11-20T00:00:00.000Z"),
  );

  it("verifies from published ranges, recording operator and range", async () => {
    expect(await verifier.verify(bot("gptbot"), "20.171.206.10")).toEqual({
      tier: "verified",
      botOperator: "OpenAI",
      matchedRange: "20.171.206.0/24",
      retry: false,
    });
    expect(await verifier.verify(bot("gptbot"), "::ffff:20.171.206.10")).toMatchObject({
      tier: "verified",
    });
    expect(await verifier.verify(bot("gptbot"), "2603:1030::5")).toMatchObject({
      tier: "verified",
      matchedRange: "2603:1030::/32",
    });
    expect(await verifier.verify(bot("gptbot"), "203.0.113.7")).toEqual({
      tier: "declared",
      botOperator: null,
      matchedRange: null,
      retry: false,
    });
    expect(verifier.rangesFetchedAt(GPTBOT_FILE)).toEqual(new Date("2026-11-20T00:00:00.000Z"));
    // OpenAI's other bots have their own files: gptbot.json verifies none of them.
    expect((await verifier.verify(bot("chatgpt-user"), "20.171.206.10")).tier).toBe("declared");
  });

  it("verifies reverse DNS with forward confirmation; mismatch and NXDOMAIN stay declared", async () => {
    expect(await verifier.verify(bot("yandexbot"), "2a02:6b8::1")).toMatchObject({
      tier: "verified",
      botOperator: null,
    });
    // Bing publishes ranges and documents rDNS: with no ranges loaded, rDNS still confirms.
    expect(await verifier.verify(bot("bingbot"), "40.77.167.1")).toMatchObject({
      tier: "verified",
    });
    expect(await verifier.verify(bot("bingbot"), "1.2.3.4")).toMatchObject({
      tier: "declared",
      retry: false,
    });
    expect(await verifier.verify(bot("yandexbot"), "5.6.7.8")).toMatchObject({
      tier: "declared",
      retry: false,
    });
    expect(await verifier.verify(bot("yandexbot"), "9.9.9.9")).toMatchObject({
      tier: "declared",
      retry: false,
    });
  });

  it("records declared with retry when DNS does not answer in time", async () => {
    expect(await verifier.verify(bot("yandexbot"), "7.7.7.7")).toEqual({
      tier: "declared",
      botOperator: null,
      matchedRange: null,
      retry: true,
    });
  });

  it("caches reverse-DNS outcomes", async () => {
    const before = resolver.calls;
    await verifier.verify(bot("yandexbot"), "2a02:6b8::1");
    await verifier.verify(bot("yandexbot"), "2a02:6b8::1");
    expect(resolver.calls).toBe(before);
  });

  it("uses ASN for asn_only, never verifies method none, and leaves unknown unknown", async () => {
    expect(await verifier.verify(bot("meta-externalagent"), "157.240.1.1")).toMatchObject({
      tier: "verified",
    });
    expect(await verifier.verify(bot("meta-externalagent"), "8.8.8.8")).toMatchObject({
      tier: "declared",
    });
    expect(await verifier.verify(bot("bytespider"), "20.171.206.10")).toMatchObject({
      tier: "declared",
    });
    expect(await verifier.verify(bot("unknown"), "20.171.206.10")).toMatchObject({
      tier: "unknown",
    });
  });
});

describe("peek (what the edge knows without waiting)", () => {
  const resolver = fakeResolver(
    { "66.249.66.1": ["crawl-66-249-66-1.googlebot.com."], "5.6.7.8": ["evil.example.net"] },
    { "crawl-66-249-66-1.googlebot.com": ["66.249.66.1"] },
  );

  it("reads loaded ranges and remembered reverse-DNS outcomes; the rest is pending", async () => {
    const verifier = createVerifier({ resolver, timeoutMs: 50 });
    // Nothing loaded or remembered yet.
    expect(verifier.peek(bot("gptbot"), "20.171.206.10")).toBe("pending");
    expect(verifier.peek(bot("googlebot"), "66.249.66.1")).toBe("pending");
    verifier.setRanges(GPTBOT_FILE, ["20.171.206.0/24"], new Date("2026-11-20T00:00:00.000Z"));
    expect(verifier.peek(bot("gptbot"), "20.171.206.10")).toBe("verified");
    // Ranges only (no reverse DNS documented): outside them is a failed check.
    expect(verifier.peek(bot("gptbot"), "5.6.7.8")).toBe("unverified");
    // Reverse DNS: known only once a check ran.
    await verifier.verify(bot("googlebot"), "66.249.66.1");
    await verifier.verify(bot("googlebot"), "5.6.7.8");
    expect(verifier.peek(bot("googlebot"), "66.249.66.1")).toBe("verified");
    expect(verifier.peek(bot("googlebot"), "5.6.7.8")).toBe("unverified");
    expect(verifier.peek(bot("googlebot"), "9.9.9.9")).toBe("pending");
    // ASN checks are never remembered; bots without a method cannot be verified.
    expect(verifier.peek(bot("facebookbot"), "157.240.0.1")).toBe("pending");
    expect(verifier.peek(bot("unknown"), "5.6.7.8")).toBe("unverifiable");
    const unverifiable = taxonomy.bots.find(
      (b) => b.verificationMethod === "none" && b.botId !== "unknown",
    );
    expect(unverifiable && verifier.peek(unverifiable, "5.6.7.8")).toBe("unverifiable");
  });
});

describe("verifyNow (the check when nothing has to be asked)", () => {
  const resolver = fakeResolver(
    {
      "66.249.66.1": ["crawl-66-249-66-1.googlebot.com."],
      "40.77.167.1": ["msnbot-40-77-167-1.search.msn.com"],
      "5.6.7.8": ["evil.example.net"],
      "7.7.7.7": "hang",
    },
    {
      "crawl-66-249-66-1.googlebot.com": ["66.249.66.1"],
      "msnbot-40-77-167-1.search.msn.com": ["40.77.167.1"],
    },
  );
  const ADDRESSES = ["66.249.66.1", "40.77.167.1", "5.6.7.8", "7.7.7.7", "20.171.206.10"];

  it("answers as verify would, or null; after a check, the remembered outcome", async () => {
    for (const asn of [undefined, { asnOf: async () => 32934 }]) {
      const verifier = createVerifier({ resolver, timeoutMs: 5, asn });
      verifier.setRanges(GPTBOT_FILE, ["20.171.206.0/24"], new Date("2026-11-20T00:00:00.000Z"));
      // Before any reverse-DNS check: what it answers, verify answers too (every bot, address).
      const unasked: string[] = [];
      for (const b of taxonomy.bots) {
        for (const ip of ADDRESSES) {
          const now = verifier.verifyNow(b, ip);
          if (now === null) unasked.push(`${b.botId} ${ip}`);
          else expect(await verifier.verify(b, ip)).toEqual(now);
        }
      }
      // Reverse DNS and ASN checks were not answered now; range files and "none" were.
      expect(unasked).toContain("googlebot 66.249.66.1");
      expect(unasked.includes("meta-externalagent 5.6.7.8")).toBe(asn !== undefined);
      expect(unasked).not.toContain("gptbot 20.171.206.10");
      expect(unasked).not.toContain("unknown 5.6.7.8");
      // Once checked, an outcome is remembered (a timeout is not): verify's answer, now.
      for (const entry of unasked) {
        const [botId, ip] = entry.split(" ") as [string, string];
        const checked = await verifier.verify(bot(botId), ip);
        const now = verifier.verifyNow(bot(botId), ip);
        if (checked.retry || bot(botId).verificationMethod === "asn_only") expect(now).toBeNull();
        else expect(now).toEqual(checked);
      }
    }
  });
});
