import {
  type ComplianceDayCount,
  compareUtf8,
  type RobotsStore,
  type RobotsVersion,
  sha256Hex,
  utcDay,
} from "@crawlgate/core/adapter-kit";

/** robots.txt versions and compliance counts in memory (the reference of the port). */
export function createMemoryRobotsStore() {
  const versions = new Map<string, RobotsVersion[]>();
  /** Counted event id → its `ts` (epoch ms). */
  const counted = new Map<string, number>();
  /** `domainId \0 day \0 botId` → counts. */
  const counts = new Map<string, ComplianceDayCount & { domainId: string }>();
  const copy = (v: RobotsVersion): RobotsVersion => ({
    ...v,
    effectiveFrom: new Date(v.effectiveFrom),
  });

  return {
    async recordRobotsVersion(domainId, text, at) {
      const list = versions.get(domainId) ?? [];
      const latest = list.at(-1);
      if (latest && latest.text === text) return { stored: false, version: copy(latest) };
      const version = {
        domainId,
        text,
        contentHash: await sha256Hex(new TextEncoder().encode(text)),
        effectiveFrom: new Date(at),
      };
      // Stable: equal instants keep insertion order.
      const at_ = at.getTime();
      const index = list.findIndex((v) => v.effectiveFrom.getTime() > at_);
      if (index === -1) list.push(version);
      else list.splice(index, 0, version);
      versions.set(domainId, list);
      const inForce = list.at(-1) as RobotsVersion;
      return { stored: true, version: copy(inForce) };
    },
    async listRobotsVersions(domainId) {
      return (versions.get(domainId) ?? []).map(copy);
    },
    async forgetComplianceEvents(before) {
      let forgotten = 0;
      for (const [eventId, ts] of counted) {
        if (ts < before.getTime()) {
          counted.delete(eventId);
          forgotten++;
        }
      }
      return forgotten;
    },
    async addComplianceEvents(batch) {
      let inserted = 0;
      for (const event of batch) {
        if (counted.has(event.eventId)) continue;
        const day = utcDay(event.ts);
        counted.set(event.eventId, event.ts.getTime());
        inserted++;
        const key = `${event.domainId}\0${day}\0${event.botId}`;
        const entry = counts.get(key) ?? {
          domainId: event.domainId,
          day,
          botId: event.botId,
          requests: 0,
          disallowedRequests: 0,
          signalContradictions: 0,
          lastViolationAt: null,
        };
        entry.requests++;
        if (event.signalContradiction) entry.signalContradictions++;
        if (event.disallowed) {
          entry.disallowedRequests++;
          if (!entry.lastViolationAt || event.ts > entry.lastViolationAt)
            entry.lastViolationAt = new Date(event.ts);
        }
        counts.set(key, entry);
      }
      return { inserted };
    },
    async complianceDayCounts(domainId, startDay, endDay) {
      return [...counts.values()]
        .filter((c) => c.domainId === domainId && c.day >= startDay && c.day <= endDay)
        .sort((a, b) => compareUtf8(a.day, b.day) || compareUtf8(a.botId, b.botId))
        .map(
          ({
            day,
            botId,
            requests,
            disallowedRequests,
            signalContradictions,
            lastViolationAt,
          }) => ({
            day,
            botId,
            requests,
            disallowedRequests,
            signalContradictions,
            lastViolationAt: lastViolationAt ? new Date(lastViolationAt) : null,
          }),
        );
    },
  } satisfies RobotsStore;
}
