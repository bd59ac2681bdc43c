import type { Clock, ComplianceEvent, RobotsStore } from "../ports/index.js";
import { createComplianceJudge } from "../robots/compliance-judge.js";
import type { RobotsAgent } from "../robots/match.js";
import type { CrawlRecord } from "../types.js";

/**
 * Ingest's side of robots.txt compliance: `judge` notes whether a crawl's path was disallowed
 * for its bot by the robots.txt in force at its time (a crawl with no robots.txt in force, such as
 * an imported log from before crawlgate served the domain, is not counted); `write` adds the noted verdicts of a
 * stored batch to the store's counts (idempotent per event); `settle` forgets the verdicts of
 * rows whose write failed. `judgeAll` judges many rows at once. Without a store every call does
 * nothing.
 */
export function createComplianceRecorder(robots: RobotsStore | undefined, clock: Clock) {
  const judge = robots && createComplianceJudge({ robots, now: () => clock.now().getTime() });
  /** eventId → whether the crawl's path was disallowed, until its batch is written. */
  const verdicts = new Map<string, boolean>();
  return {
    async judge(eventId: string, domainId: string, agent: RobotsAgent, path: string, ts: Date) {
      const disallowed = judge ? await judge.isDisallowed(domainId, agent, path, ts) : null;
      if (disallowed !== null) verdicts.set(eventId, disallowed);
    },
    /** `judge` for many rows (`agentOf(i)`: the robots agent of row `i`'s bot), per domain once. */
    async judgeAll(
      rows: readonly CrawlRecord[],
      agentOf: (index: number) => RobotsAgent,
    ): Promise<void> {
      if (!judge) return;
      let domainId: string | null = null;
      let isDisallowed: ((agent: RobotsAgent, path: string, ts: Date) => boolean | null) | null =
        null;
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] as CrawlRecord;
        if (r.domainId !== domainId || !isDisallowed) {
          domainId = r.domainId;
          isDisallowed = await judge.judgeOf(domainId);
        }
        const disallowed = isDisallowed(agentOf(i), r.path, r.ts);
        if (disallowed !== null) verdicts.set(r.eventId, disallowed);
      }
    },
    async write(batch: readonly CrawlRecord[]): Promise<void> {
      if (!robots) return;
      const events: ComplianceEvent[] = [];
      for (const r of batch) {
        const disallowed = verdicts.get(r.eventId);
        if (disallowed === undefined) continue;
        events.push({
          eventId: r.eventId,
          domainId: r.domainId,
          botId: r.botId,
          ts: r.ts,
          disallowed,
        });
      }
      if (events.length > 0) await robots.addComplianceEvents(events);
      for (const e of events) verdicts.delete(e.eventId);
    },
    /** Waits for the rows' write; when it fails, forgets their verdicts and rethrows. */
    async settle(eventIds: readonly string[], stored: Promise<void>): Promise<void> {
      try {
        await stored;
      } catch (error) {
        for (const id of eventIds) verdicts.delete(id);
        throw error;
      }
    },
    robotsChanged(domainId: string): void {
      judge?.forget(domainId);
    },
  };
}
