import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createLegacyKeyMapper, legacyKeyOf, SOCIAL_OTHER_KEY } from "./legacy-key-of.js";
import { legacyKeys } from "./registry.js";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0";

describe("legacyKeyOf", () => {
  it("maps every listed bot to its key, whatever the User-Agent says", () => {
    for (const k of legacyKeys())
      for (const botId of k.botIds) expect(legacyKeyOf(botId, "x")).toBe(k.key);
    expect(legacyKeyOf("googleother", "GoogleOther")).toBe("googlebot");
    expect(legacyKeyOf("bingbot", "Mozilla/5.0 (compatible; Googlebot/2.1)")).toBe("bingbot");
    expect(legacyKeyOf("mastodon", "Mastodon/4.2")).toBe(SOCIAL_OTHER_KEY);
  });

  it("falls back to the keys' User-Agent substrings, lowercased, for bots not listed", () => {
    expect(legacyKeyOf("unknown", "Mozilla/5.0 (compatible; BingPreview/1.0b)")).toBe("bingbot");
    expect(legacyKeyOf("unknown", "Tumblr/14.0.835.186")).toBe(SOCIAL_OTHER_KEY);
    expect(legacyKeyOf("microsoftpreview", "MicrosoftPreview/2.0")).toBe(SOCIAL_OTHER_KEY);
  });

  it("sends social bots that match no key to social_other, everything else to no key", () => {
    expect(legacyKeyOf("microsoftpreview", "SomePreviewer/1.0")).toBe(SOCIAL_OTHER_KEY);
    expect(legacyKeyOf("ahrefsbot", "Mozilla/5.0 (compatible; AhrefsBot/7.0)")).toBeNull();
    expect(legacyKeyOf("unknown", BROWSER)).toBeNull();
    expect(legacyKeyOf("unknown", "curl/8.5.0")).toBeNull();
  });

  it("prefers the longest substring, ties to the earlier key", () => {
    const mapper = createLegacyKeyMapper(
      [
        { key: "a", group: "named", representativeBotId: null, botIds: [], uaSubstrings: ["bot"] },
        { key: "b", group: "named", representativeBotId: null, botIds: [], uaSubstrings: ["xbot"] },
        { key: "c", group: "other", representativeBotId: null, botIds: [], uaSubstrings: ["ybot"] },
      ],
      [],
    );
    expect(mapper("unknown", "An XBot/1")).toBe("b");
    expect(mapper("unknown", "ybot and xbot")).toBe("b");
    expect(mapper("unknown", "robot")).toBe("a");
    expect(mapper("unknown", "nothing")).toBeNull();
  });

  it("answers one of the 25 keys or null, the same on every call", () => {
    const names = new Set(legacyKeys().map((k) => k.key));
    const botIds = ["unknown", "googlebot", "ahrefsbot", "whatsapp", "microsoftpreview"];
    fc.assert(
      fc.property(fc.constantFrom(...botIds), fc.string(), (botId, ua) => {
        const key = legacyKeyOf(botId, ua);
        expect(key === null || names.has(key)).toBe(true);
        expect(legacyKeyOf(botId, ua)).toBe(key);
      }),
    );
  });
});
