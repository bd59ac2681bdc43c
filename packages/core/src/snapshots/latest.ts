import { compareUtf8 } from "../text/compare-utf8.js";
import type { Snapshot } from "../types.js";

/**
 * The latest snapshot of each path (greatest `lastRecordedAt`, ties by the smaller snapshotId),
 * sorted by path in UTF-8 byte order: the order `SnapshotStore.latestSnapshots` promises, shared by the
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
        compareUtf8(s.snapshotId, current.snapshotId) < 0);
    if (newer) latest.set(s.path, s);
  }
  return [...latest.values()].sort((a, b) => compareUtf8(a.path, b.path));
}
