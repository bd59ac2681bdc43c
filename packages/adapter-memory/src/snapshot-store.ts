import {
  compareUtf8,
  latestPerPath,
  type Snapshot,
  type SnapshotStore,
} from "@crawlgate/core/adapter-kit";

const copy = (s: Snapshot): Snapshot => ({
  ...s,
  createdAt: new Date(s.createdAt.getTime()),
  lastRecordedAt: new Date(s.lastRecordedAt.getTime()),
  seo: { score: s.seo.score, issues: [...s.seo.issues] },
});

/** Snapshot metadata in maps; each method runs without awaiting, so it is atomic. */
export function createMemorySnapshotStore() {
  const byId = new Map<string, Snapshot>();
  /** JSON [domainId, path, variant, contentHash] → snapshotId. */
  const byContent = new Map<string, string>();
  const events = new Map<string, string>();
  const withHash = (contentHash: string) =>
    [...byId.values()].filter((s) => s.contentHash === contentHash);

  return {
    async recordSnapshot(snapshot) {
      const key = JSON.stringify([
        snapshot.domainId,
        snapshot.path,
        snapshot.variant,
        snapshot.contentHash,
      ]);
      const existingId = byContent.get(key);
      const existing = existingId === undefined ? undefined : byId.get(existingId);
      if (!existing) {
        byId.set(snapshot.snapshotId, copy(snapshot));
        byContent.set(key, snapshot.snapshotId);
        return { snapshot: copy(snapshot), created: true };
      }
      if (snapshot.lastRecordedAt > existing.lastRecordedAt) {
        existing.lastRecordedAt = new Date(snapshot.lastRecordedAt.getTime());
      }
      existing.htmlRetained = true;
      return { snapshot: copy(existing), created: false };
    },
    async getSnapshot(snapshotId) {
      const found = byId.get(snapshotId);
      return found ? copy(found) : null;
    },
    async getSnapshots(snapshotIds) {
      return [...new Set(snapshotIds)]
        .flatMap((id) => {
          const found = byId.get(id);
          return found ? [copy(found)] : [];
        })
        .sort((a, b) => compareUtf8(a.snapshotId, b.snapshotId));
    },
    async latestSnapshots(domainId) {
      return latestPerPath([...byId.values()].filter((s) => s.domainId === domainId)).map(copy);
    },
    async expiredContentHashes(cutoff, limit) {
      const hashes = new Set([...byId.values()].map((s) => s.contentHash));
      return [...hashes]
        .filter((h) => {
          const all = withHash(h);
          return all.some((s) => s.htmlRetained) && all.every((s) => s.lastRecordedAt < cutoff);
        })
        .sort(compareUtf8)
        .slice(0, limit);
    },
    async markHtmlDropped(contentHash, cutoff) {
      const all = withHash(contentHash);
      if (all.some((s) => s.lastRecordedAt >= cutoff)) return false;
      let changed = false;
      for (const s of all) {
        if (s.htmlRetained) changed = true;
        s.htmlRetained = false;
      }
      return changed;
    },
    async linkEvent(eventId, snapshotId) {
      if (!events.has(eventId)) events.set(eventId, snapshotId);
    },
    async linkedSnapshotOf(eventId) {
      return events.get(eventId) ?? null;
    },
  } satisfies SnapshotStore;
}
