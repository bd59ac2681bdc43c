import type { Snapshot } from "../types.js";

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The latest snapshot of each path (greatest `lastRecordedAt`, ties by the smaller snapshotId),
 * sorted by path in byte order: the order `SnapshotStore.latestSnapshots` promises, shared by the
 * adapters so it cannot drift.
 */
export function latestPerPath(snapshots: Iterable<Snapshot>): Snapshot[] {
  const latest = new Map<string, Snapshot>();
  for (const s of snapshots) {
    const current = latest.get(s.path);
    const newer =
      !current ||
      s.lastRecordedAt.getTime() > current.lastRecordedAt.getTime() ||
      (s.lastRecordedAt.getTime() === current.lastRecordedAt.getTime() &&
        s.snapshotId < current.snapshotId);
    if (newer) latest.set(s.path, s);
  }
  return [...latest.values()].sort((a, b) => byteOrder(a.path, b.path));
}
