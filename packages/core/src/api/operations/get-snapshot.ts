import { readSnapshotHtml } from "../../snapshots/record.js";
import type { Operation, OperationContext } from "../context.js";
import { CrawlgateError } from "../errors.js";
import { whileBlobsReachable } from "../files.js";
import { isUuid } from "../params.js";

/** Longest crawl-event ID looked up; longer ones cannot exist. */
const MAX_EVENT_ID = 256;

const given = (value: unknown): value is string => typeof value === "string" && value !== "";

/** The snapshot ID a request names, or `null` when it names none that can exist. */
async function snapshotIdOf({ deps, body }: OperationContext): Promise<string | null> {
  const bySnapshot = given(body.snapshot_id);
  const byEvent = given(body.id);
  // Exactly one of the two; a field that is absent, not a string or empty is "not given".
  if (bySnapshot === byEvent) throw new CrawlgateError("snapshot_id_required");
  if (bySnapshot) {
    const id = body.snapshot_id as string;
    return isUuid(id) ? id.toLowerCase() : null;
  }
  const eventId = body.id as string;
  if (eventId.length > MAX_EVENT_ID) return null;
  // The crawl's raw row carries the snapshot it was served; events linked by
  // `SnapshotStore.linkEvent` (no crawl row of theirs, or none with a snapshot) come second.
  return (
    (await deps.crawls.servedSnapshotOf(eventId)) ??
    (await deps.snapshots.linkedSnapshotOf(eventId))
  );
}

/**
 * POST /get-snapshot: the decompressed HTML of a snapshot, by `snapshot_id` or by crawl-event
 * `id`. Access to the snapshot's domain is checked on every call; a snapshot of an inaccessible
 * domain is `not found`, like one that does not exist. Error bodies are the spec's own strings.
 */
export const getSnapshot: Operation = async (ctx) => {
  const { deps, user } = ctx;
  const snapshotId = await snapshotIdOf(ctx);
  const snapshot = snapshotId ? await deps.snapshots.getSnapshot(snapshotId) : null;
  const access = snapshot
    ? await deps.accounts.getDomainAccess(user.userId, snapshot.domainId)
    : null;
  if (!snapshot || !access) throw new CrawlgateError("snapshot_not_found");
  const html = await whileBlobsReachable(deps, snapshot.snapshotId, () =>
    readSnapshotHtml(deps.blobs, snapshot),
  );
  if (html === null) throw new CrawlgateError("snapshot_html_gone");
  return { status: 200, body: { html } };
};
