import { describe, expect, it } from "vitest";
import type { ComplianceEvent, RobotsStore } from "../ports/index.js";
import { type Harness, useHarness } from "./harness.js";
import { SHUFFLED, UTF8_ORDERED } from "./text-order.js";

const at = (iso: string) => new Date(iso);
const HASH_OF_EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

let seq = 0;
const event = (domainId: string, fields: Partial<ComplianceEvent> = {}): ComplianceEvent => ({
  eventId: `c-${++seq}-${crypto.randomUUID()}`,
  domainId,
  botId: "gptbot",
  ts: at("2026-11-20T10:00:00.000Z"),
  disallowed: false,
  ...fields,
});

/** The RobotsStore contract (see `ports/`), for every adapter. */
export function robotsStoreSuite(
  name: string,
  setup: () => Promise<Harness<{ robots: RobotsStore }>>,
): void {
  describe(`RobotsStore conformance: ${name}`, () => {
    const h = useHarness(setup);
    const d = "00000000-0000-4000-8000-0000000000d1";

    it("stores a version when the text changes, nothing when it is the latest text", async () => {
      const { robots } = h();
      expect(await robots.listRobotsVersions(d)).toEqual([]);
      const first = await robots.recordRobotsVersion(d, "", at("2026-11-20T10:00:00.000Z"));
      expect(first).toEqual({
        stored: true,
        version: {
          domainId: d,
          text: "",
          contentHash: HASH_OF_EMPTY,
          effectiveFrom: at("2026-11-20T10:00:00.000Z"),
        },
      });
      const same = await robots.recordRobotsVersion(d, "", at("2026-11-20T11:00:00.000Z"));
      expect(same).toEqual({ stored: false, version: first.version });
      const text = "User-agent: GPTBot\nDisallow: /\n# é ☃ 😀\r\n";
      const second = await robots.recordRobotsVersion(d, text, at("2026-11-20T12:00:00.000Z"));
      expect(second.stored).toBe(true);
      expect(second.version.text).toBe(text);
      expect(second.version.contentHash).toMatch(/^[0-9a-f]{64}$/);
      // Back to the first text: a new version again (it is not the latest one).
      expect((await robots.recordRobotsVersion(d, "", at("2026-11-20T13:00:00.000Z"))).stored).toBe(
        true,
      );
      const list = await robots.listRobotsVersions(d);
      expect(list.map((v) => [v.text, v.effectiveFrom.toISOString()])).toEqual([
        ["", "2026-11-20T10:00:00.000Z"],
        [text, "2026-11-20T12:00:00.000Z"],
        ["", "2026-11-20T13:00:00.000Z"],
      ]);
      expect(await robots.listRobotsVersions("other")).toEqual([]);
    });

    it("lists versions by effectiveFrom whatever the order they were recorded in", async () => {
      const { robots } = h();
      await robots.recordRobotsVersion(d, "b", at("2026-11-20T12:00:00.000Z"));
      const late = await robots.recordRobotsVersion(d, "a", at("2026-11-20T11:00:00.000Z"));
      expect(late.stored).toBe(true);
      expect(late.version.text).toBe("b");
      expect((await robots.listRobotsVersions(d)).map((v) => v.text)).toEqual(["a", "b"]);
    });

    it("counts events per UTC day and bot, both bounds inclusive, with the last violation", async () => {
      const { robots } = h();
      const batch = [
        event(d, { ts: at("2026-11-19T23:59:59.999Z"), disallowed: true }),
        event(d, { ts: at("2026-11-20T00:00:00.000Z") }),
        event(d, {
          ts: at("2026-11-20T08:00:00.000Z"),
          disallowed: true,
          signalContradiction: true,
        }),
        event(d, { ts: at("2026-11-20T07:00:00.000Z"), disallowed: true }),
        event(d, { ts: at("2026-11-20T07:30:00.000Z"), signalContradiction: true }),
        event(d, {
          botId: "claudebot",
          ts: at("2026-11-20T09:00:00.000Z"),
          signalContradiction: false,
        }),
        event(d, { ts: at("2026-11-22T00:00:00.000Z") }),
        event("other-domain"),
      ];
      expect(await robots.addComplianceEvents(batch)).toEqual({ inserted: 8 });
      expect(await robots.complianceDayCounts(d, "2026-11-19", "2026-11-21")).toEqual([
        {
          day: "2026-11-19",
          botId: "gptbot",
          requests: 1,
          disallowedRequests: 1,
          signalContradictions: 0,
          lastViolationAt: at("2026-11-19T23:59:59.999Z"),
        },
        {
          day: "2026-11-20",
          botId: "claudebot",
          requests: 1,
          disallowedRequests: 0,
          signalContradictions: 0,
          lastViolationAt: null,
        },
        {
          day: "2026-11-20",
          botId: "gptbot",
          requests: 4,
          disallowedRequests: 2,
          signalContradictions: 2,
          lastViolationAt: at("2026-11-20T08:00:00.000Z"),
        },
      ]);
      expect(await robots.complianceDayCounts(d, "2026-11-22", "2026-11-22")).toHaveLength(1);
      expect(await robots.complianceDayCounts(d, "2026-11-23", "2026-11-30")).toEqual([]);
      expect(await robots.complianceDayCounts("nobody", "2026-01-01", "2026-12-31")).toEqual([]);
      expect(await robots.addComplianceEvents([])).toEqual({ inserted: 0 });
    });

    it("keeps the latest violation across batches and ignores replays", async () => {
      const { robots } = h();
      const a = event(d, { ts: at("2026-11-20T10:00:00.000Z"), disallowed: true });
      const b = event(d, { ts: at("2026-11-20T09:00:00.000Z"), disallowed: true });
      expect(
        await robots.addComplianceEvents([
          a,
          { ...a, disallowed: false, signalContradiction: true },
          a,
        ]),
      ).toEqual({
        inserted: 1,
      });
      expect(
        await robots.addComplianceEvents([
          { ...b, signalContradiction: true },
          a,
          { ...a, botId: "claudebot" },
        ]),
      ).toEqual({
        inserted: 1,
      });
      expect(await robots.complianceDayCounts(d, "2026-11-20", "2026-11-20")).toEqual([
        {
          day: "2026-11-20",
          botId: "gptbot",
          requests: 2,
          disallowedRequests: 2,
          signalContradictions: 1,
          lastViolationAt: at("2026-11-20T10:00:00.000Z"),
        },
      ]);
    });

    it("forgets the ids of events before an instant: their counts stay, their replays count again", async () => {
      const { robots } = h();
      const old = event(d, { ts: at("2019-12-31T23:59:59.999Z"), disallowed: true });
      const edge = event(d, { ts: at("2020-01-01T00:00:00.000Z") });
      await robots.addComplianceEvents([old, edge]);
      expect(await robots.forgetComplianceEvents(at("2020-01-01T00:00:00.000Z"))).toBe(1);
      expect(await robots.forgetComplianceEvents(at("2020-01-01T00:00:00.000Z"))).toBe(0);
      const counts = (day: string) => robots.complianceDayCounts(d, day, day);
      expect((await counts("2019-12-31"))[0]).toMatchObject({ requests: 1, disallowedRequests: 1 });
      // The kept id still makes its replay a no-op; the forgotten one counts again.
      expect(await robots.addComplianceEvents([edge, old])).toEqual({ inserted: 1 });
      expect((await counts("2019-12-31"))[0]).toMatchObject({ requests: 2, disallowedRequests: 2 });
      expect((await counts("2020-01-01"))[0]).toMatchObject({ requests: 1 });
    });

    it("counts each event once under concurrent batches", async () => {
      const { robots } = h();
      const events = Array.from({ length: 40 }, (_, i) =>
        event(d, { disallowed: i % 3 === 0, signalContradiction: i % 4 === 0 }),
      );
      const results = await Promise.all([
        robots.addComplianceEvents(events.slice(0, 30)),
        robots.addComplianceEvents(events.slice(10)),
        robots.addComplianceEvents([...events].reverse()),
      ]);
      expect(results.reduce((n, r) => n + r.inserted, 0)).toBe(40);
      const [count] = await robots.complianceDayCounts(d, "2026-11-20", "2026-11-20");
      expect(count).toMatchObject({
        requests: 40,
        disallowedRequests: 14,
        signalContradictions: 10,
      });
    });

    it("sorts bots in UTF-8 byte order", async () => {
      const { robots } = h();
      await robots.addComplianceEvents(SHUFFLED.map((botId) => event(d, { botId })));
      const rows = await robots.complianceDayCounts(d, "2026-11-20", "2026-11-20");
      expect(rows.map((r) => r.botId)).toEqual(UTF8_ORDERED);
    });
  });
}
