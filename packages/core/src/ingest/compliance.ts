import type { Clock, ComplianceEvent, RobotsStore } from "../ports/index.js";
import {
  type ComplianceJudge,
  createComplianceJudge,
  type RobotsVerdict,
} from "../robots/compliance-judge.js";
import type { RobotsAgent } from "../robots/match.js";
import type { CrawlRecord } from "../types.js";

/** What the judge needs of a crawl's bot: how robots.txt addresses it, and its intent. */
export interface JudgedBot {
  robots: RobotsAgent;
  intent: string;
}

/**
 * Ingest's side of robots.txt compliance: `judge` notes whether a crawl's path was disallowed
 * for its bot by the robots.txt in force at its time, and whether its bot's intent contradicted
 * the content signal that robots.txt stated for the path (a crawl with no robots.txt in force, such as
 * an imported log from before crawlgate served the domain, is not counted); `write` adds the noted verdicts of a
 * stored batch to the store's counts (idempotent per event); `forget` drops the verdicts of a
 * batch whose write failed. `judgeAll` judges many rows at once. Without a store every call does
 * nothing.
 */
export function createComplianceRecorder(robots: RobotsStore | undefined, clock: Clock) {
  const judge = robots && createComplianceJudge({ robots, now: () => clock.now().getTime() });
  /** eventId → the crawl's verdict, until its batch is written. */
  const verdicts = new Map<string, RobotsVerdict>();
  return {
    /** Notes a crawl's verdict: at once when its domain's versions are loaded (no promise). */
    judge(
      eventId: string,
      domainId: string,
      bot: JudgedBot,
      path: string,
      ts: Date,
    ): Promise<void> | undefined {
      if (!judge) return undefined;
      const verdict = judge.verdictFor(domainId, bot, path, ts);
      if (verdict instanceof Promise) {
        return verdict.then((v) => {
          if (v !== null) verdicts.set(eventId, v);
        });
      }
      if (verdict !== null) verdicts.set(eventId, verdict);
      return undefined;
    },
    /** `judge` for many rows (`botOf(i)`: row `i`'s bot), the versions read per domain once. */
    async judgeAll(
      rows: readonly CrawlRecord[],
      botOf: (index: number) => JudgedBot,
    ): Promise<void> {
      if (!judge) return;
      let domainId: string | null = null;
      let verdictOf: Awaited<ReturnType<ComplianceJudge["verdictOf"]>> | null = null;
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] as CrawlRecord;
        if (r.domainId !== domainId || !verdictOf) {
          domainId = r.domainId;
          verdictOf = await judge.verdictOf(domainId);
        }
        const verdict = verdictOf(botOf(i), r.path, r.ts);
        if (verdict !== null) verdicts.set(r.eventId, verdict);
      }
    },
    async write(batch: readonly CrawlRecord[]): Promise<void> {
      if (!robots) return;
      const events: ComplianceEvent[] = [];
      for (const r of batch) {
        const verdict = verdicts.get(r.eventId);
        if (verdict === undefined) continue;
        events.push({
          eventId: r.eventId,
          domainId: r.domainId,
          botId: r.botId,
          ts: r.ts,
          disallowed: verdict.disallowed,
          signalContradiction: verdict.contradicted,
        });
      }
      if (events.length > 0) await robots.addComplianceEvents(events);
      for (const e of events) verdicts.delete(e.eventId);
    },
    /** Forgets the verdicts of a batch whose write failed (the batcher's `failed`). */
    forget(batch: readonly CrawlRecord[]): void {
      for (const r of batch) verdicts.delete(r.eventId);
    },
    robotsChanged(domainId: string): void {
      judge?.forget(domainId);
    },
  };
}
