import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import mobileData from "./data/mobile-crawlers.json";
import { crawlerDevice, validateMobileCrawlers } from "./mobile-crawlers.js";

const corpus: { ua: string; expectBotId: string }[] = JSON.parse(
  readFileSync(new URL("./testdata/ua-corpus.json", import.meta.url), "utf8"),
);

/** The corpus's phone-crawler User-Agents, by their bot: read off the corpus by hand. */
const MOBILE_IN_CORPUS = [
  ["googlebot", "Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41"],
  ["bingbot", "Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z"],
  ["adidxbot", "Windows Phone 8.1"],
  ["adidxbot", "iPhone OS 7_0"],
  ["adsbot-google", "AdsBot-Google-Mobile"],
  ["applebot", "iPhone OS 6_0"],
  ["mediapartners-google", "iPhone OS 10_0"],
  ["mediapartners-google", "iPhone OS 4_1"],
  ["petalbot", "Android 7.0"],
  ["storebot-google", "Pixel 2 Build"],
] as const;

describe("crawlerDevice", () => {
  it("sends the corpus's smartphone crawlers to the mobile render and every other UA to desktop", () => {
    const mobile: string[] = [];
    for (const { ua, expectBotId } of corpus) {
      if (crawlerDevice(expectBotId, ua) === "mobile") mobile.push(ua);
    }
    const expected = corpus.filter(({ ua, expectBotId }) =>
      MOBILE_IN_CORPUS.some(([botId, part]) => botId === expectBotId && ua.includes(part)),
    );
    expect(mobile.sort()).toEqual(expected.map((e) => e.ua).sort());
    expect(mobile).toHaveLength(MOBILE_IN_CORPUS.length);
  });

  it("keeps desktop Googlebot and Bingbot, people's phones and phone-UA bots off the list on desktop", () => {
    const googleDesktop =
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/120.0.0.0 Safari/537.36";
    expect(crawlerDevice("googlebot", googleDesktop)).toBe("desktop");
    expect(crawlerDevice("bingbot", "Mozilla/5.0 (compatible; bingbot/2.0)")).toBe("desktop");
    const phone =
      "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)";
    expect(crawlerDevice("bytespider", phone)).toBe("desktop");
    expect(crawlerDevice("unknown", phone)).toBe("desktop");
    expect(crawlerDevice("googlebot", phone.toUpperCase())).toBe("mobile");
  });

  it("validates its data at load: known bots, lowercase markers, nothing twice", () => {
    expect(validateMobileCrawlers(mobileData).botIds).toContain("googlebot");
    const broken = (edit: (file: typeof mobileData) => void) => {
      const file = structuredClone(mobileData);
      edit(file);
      return () => validateMobileCrawlers(file);
    };
    expect(broken((f) => f.botIds.push("no-such-bot"))).toThrow(/unknown bot no-such-bot/);
    expect(broken((f) => f.botIds.push("googlebot"))).toThrow(/bot is listed twice/);
    expect(broken((f) => f.markers.push("Mobile"))).toThrow(/lowercase/);
    expect(broken((f) => f.markers.push("mobile"))).toThrow(/marker is listed twice/);
    expect(broken((f) => Object.assign(f, { extra: 1 }))).toThrow();
  });
});
