import { z } from "zod";
import { CrawlgateError } from "../../errors.js";
import { readSnapshotHtml } from "../../snapshots/record.js";
import type { ApiDeps, Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { whileBlobsReachable } from "../files.js";
import { isUuid } from "../params.js";

/** Longest crawl-event ID looked up; longer ones cannot exist. */
const MAX_EVENT_ID = 256;

/** A field that is absent, not a string or empty is "not given" (never a 400). */
const given = z.string().min(1).optional().catch(undefined);

/**
 * Exactly one of `snapshot_id` and `id`. Other fields are ignored: the endpoint has no
 * `invalid_request` vocabulary, so this is the one input that is not a strict object.
 */
export const input = z.object({
  snapshot_id: given.describe("A snapshotId from export-page-snapshots"),
  id: given.describe("A crawl-feed event id"),
});

type Input = z.output<typeof input>;

export const output = z.strictObject({
  html: z.string().describe("The decompressed HTML served to the bot"),
});

export const contract: EndpointContract = {
  summary: "Get a snapshot's HTML",
  description:
    "The stored HTML of a snapshot, by `snapshot_id` (from export-page-snapshots) or by `id` (a crawl event). Exactly one of the two, each a non-empty string; other fields are ignored. Access to the snapshot's domain is checked on every call and each call counts as one API request. Error bodies are the spec's own strings (no `message`).",
  status: 200,
  errors: [
    "snapshot_id_required",
    "invalid_json_body",
    "snapshot_not_found",
    "snapshot_html_gone",
    "snapshot_storage_unavailable",
  ],
};

/** The snapshot ID a request names, or `null` when it names none that can exist. */
async function snapshotIdOf(deps: ApiDeps, body: Input): Promise<string | null> {
  const { snapshot_id: snapshotId, id: eventId } = body;
  if ((snapshotId === undefined) === (eventId === undefined)) {
    throw new CrawlgateError("snapshot_id_required");
  }
  if (snapshotId !== undefined) return isUuid(snapshotId) ? snapshotId.toLowerCase() : null;
  if (eventId === undefined || eventId.length > MAX_EVENT_ID) return null;
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
export const run: Operation<Input, z.output<typeof output>> = async ({ deps, user, input }) => {
  const snapshotId = await snapshotIdOf(deps, input());
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
