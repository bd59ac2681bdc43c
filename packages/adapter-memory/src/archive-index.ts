import {
  type ArchiveFile,
  type ArchiveIndex,
  compareUtf8,
  type DomainDay,
} from "@crawlgate/core/adapter-kit";

const copy = (f: ArchiveFile): ArchiveFile => ({
  ...f,
  rowGroupOffsets: [...f.rowGroupOffsets],
  closedAt: new Date(f.closedAt.getTime()),
});
const dayKey = (domainId: string, day: string) => `${domainId}\u0000${day}`;

/** The archive index in maps: every method runs without awaiting, so each one is atomic. */
export function createMemoryArchiveIndex() {
  const days = new Map<string, ArchiveFile[]>();
  const leases = new Map<string, { holder: string; until: number }>();
  const marks = new Map<string, string>();
  return {
    async listArchiveFiles(domainId, startDay, endDay) {
      return [...days.values()]
        .flat()
        .filter((f) => f.domainId === domainId && f.day >= startDay && f.day <= endDay)
        .sort((a, b) => compareUtf8(a.day, b.day) || a.part - b.part)
        .map(copy);
    },
    async replaceDay(domainId, day, files) {
      const current = days.get(dayKey(domainId, day)) ?? [];
      if (current.some((f) => f.frozen)) return { ok: false, reason: "frozen" };
      if (files.length === 0) days.delete(dayKey(domainId, day));
      else days.set(dayKey(domainId, day), files.map(copy));
      return { ok: true, replaced: current.map(copy) };
    },
    async appendFrozenParts(domainId, day, files) {
      const current = days.get(dayKey(domainId, day)) ?? [];
      if (current.length === 0 || current.some((f) => !f.frozen))
        return { ok: false, reason: "not_frozen" };
      if (files.some((f, i) => !f.frozen || f.part !== current.length + i))
        return { ok: false, reason: "parts_changed" };
      days.set(dayKey(domainId, day), [...current, ...files.map(copy)]);
      return { ok: true };
    },
    async daysBefore(beforeDay, limit) {
      return [...days.values()]
        .flatMap((files): DomainDay[] => {
          const first = files[0];
          return first && first.day < beforeDay
            ? [{ domainId: first.domainId, day: first.day }]
            : [];
        })
        .sort((a, b) => compareUtf8(a.day, b.day) || compareUtf8(a.domainId, b.domainId))
        .slice(0, limit);
    },
    async forgetDay(domainId, day) {
      const count = days.get(dayKey(domainId, day))?.length ?? 0;
      days.delete(dayKey(domainId, day));
      return count;
    },
    async acquireDayLease(domainId, day, holder, now, ttlMs) {
      const key = dayKey(domainId, day);
      const lease = leases.get(key);
      if (lease && lease.holder !== holder && lease.until > now.getTime()) return false;
      leases.set(key, { holder, until: now.getTime() + ttlMs });
      return true;
    },
    async releaseDayLease(domainId, day, holder) {
      const key = dayKey(domainId, day);
      if (leases.get(key)?.holder === holder) leases.delete(key);
    },
    async markClosedThrough(scope, day) {
      const current = marks.get(scope);
      if (!current || current < day) marks.set(scope, day);
    },
    async closedThrough(domainId) {
      const own = marks.get(domainId) ?? null;
      const all = marks.get("*") ?? null;
      if (own === null) return all;
      return all !== null && all > own ? all : own;
    },
  } satisfies ArchiveIndex;
}
