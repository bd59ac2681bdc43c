import { describe, expect, it } from "vitest";
import type { KeyDirectoryCache, KeyDirectoryEntry } from "../ports/index.js";
import { type Harness, useHarness } from "./harness.js";

const T = (ms: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, 0) + ms);
const URL_A = "https://agent.example/.well-known/http-message-signatures-directory";
const URL_B = "https://other.example/keys.json";

function entry(over: Partial<KeyDirectoryEntry> = {}): KeyDirectoryEntry {
  return {
    directoryUrl: URL_A,
    keys: [
      {
        keyid: "k1",
        x: "JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs",
        notBefore: null,
        expiresAt: null,
      },
      {
        keyid: "k0",
        x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
        notBefore: T(0).getTime(),
        expiresAt: T(9e6).getTime(),
      },
    ],
    fetchedAt: T(0).getTime(),
    failure: null,
    refreshAt: T(60_000).getTime(),
    expiresAt: T(120_000).getTime(),
    ...over,
  };
}

/** The KeyDirectoryCache contract (see ports/web-bot-auth.ts), for every adapter. */
export function keyDirectoryCacheSuite(
  name: string,
  setup: () => Promise<Harness<{ directories: KeyDirectoryCache }>>,
): void {
  describe(`KeyDirectoryCache conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("returns what was put, field for field, until its expiresAt (exclusive); URLs are apart", async () => {
      const { directories } = h();
      expect(await directories.get(URL_A, T(0))).toBeNull();
      await directories.put(entry(), T(0));
      expect(await directories.get(URL_A, T(1))).toEqual(entry());
      expect(await directories.get(URL_A, T(119_999))).toEqual(entry());
      expect(await directories.get(URL_A, T(120_000))).toBeNull();
      expect(await directories.get(URL_B, T(1))).toBeNull();
    });

    it("a later put replaces the entry: a key it no longer lists is gone; a negative entry keeps its failure", async () => {
      const { directories } = h();
      await directories.put(entry(), T(0));
      const next = entry({
        keys: [entry().keys[0] as KeyDirectoryEntry["keys"][number]],
        fetchedAt: T(5).getTime(),
      });
      await directories.put(next, T(5));
      expect((await directories.get(URL_A, T(6)))?.keys.map((k) => k.keyid)).toEqual(["k1"]);
      const negative = entry({
        directoryUrl: URL_B,
        keys: [],
        fetchedAt: null,
        failure: "status 503",
      });
      await directories.put(negative, T(6));
      expect(await directories.get(URL_B, T(7))).toEqual(negative);
    });

    it("an entry already expired is not stored and removes the earlier one", async () => {
      const { directories } = h();
      await directories.put(entry(), T(0));
      await directories.put(entry({ expiresAt: T(10).getTime() }), T(10));
      expect(await directories.get(URL_A, T(11))).toBeNull();
      expect(await directories.get(URL_A, T(5))).toBeNull();
    });

    it("claimFetch gives one claim per directory until it ends, then the next caller gets it", async () => {
      const { directories } = h();
      expect(await directories.claimFetch(URL_A, 5_000, T(0))).toBe(true);
      expect(await directories.claimFetch(URL_A, 5_000, T(4_999))).toBe(false);
      expect(await directories.claimFetch(URL_B, 5_000, T(1))).toBe(true);
      expect(await directories.claimFetch(URL_A, 5_000, T(5_000))).toBe(true);
      expect(await directories.claimFetch(URL_A, 5_000, T(9_999))).toBe(false);
    });

    it("of many concurrent claims on one directory exactly one succeeds", async () => {
      const { directories } = h();
      const claims = await Promise.all(
        Array.from({ length: 20 }, () => directories.claimFetch(URL_A, 5_000, T(0))),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    });
  });
}
