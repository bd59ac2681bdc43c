import type { ReferralStore } from "../ports/index.js";
import { detectAiSource, type SurfaceType } from "../referrals/ai-sources.js";
import type { ReferralVisit } from "../types.js";
import { type BatcherOptions, createBatcher } from "./batcher.js";
import { DEFAULT_PATH_CAP } from "./path-cap.js";

/** One human visit as the edge (or a log importer) reports it. */
export interface VisitEvent {
  /** Unique id; replaying a visit with the same id counts nothing. Generated when absent. */
  visitId?: string;
  domainId: string;
  ts: Date;
  /** The landing path; a query is read for `utm_source`, then dropped with any fragment. */
  path: string;
  /** The Referer header, or `null` when stripped. */
  referer: string | null;
  /** `utm_source` of the landing URL, when the caller parsed it; wins over the path's query. */
  utmSource?: string | null;
  /** The site's own hostname: a Referer from it is never a referral. */
  siteHost?: string | null;
}

export interface ReferralIngestDeps {
  referrals: ReferralStore;
  /** Distinct landing paths per domain and day before `__overflow__`; default 50,000. */
  pathCap?: number;
  batching?: Omit<BatcherOptions<ReferralVisit>, "write">;
}

/** What `recordReferral` did: a stored AI referral, or nothing because no AI surface sent it. */
export type RecordedReferral =
  | { recorded: true; visitId: string; source: string; surfaceType: SurfaceType; path: string }
  | { recorded: false; reason: "not_ai" };

/** The landing path without query or fragment; `/` when nothing is left. */
export function landingPath(path: string): string {
  const end = path.search(/[?#]/);
  const bare = end === -1 ? path : path.slice(0, end);
  return bare === "" ? "/" : bare;
}

/**
 * `recordReferral`: detect the AI source of a human visit (Referer host, then `utm_source`);
 * visits from anywhere else record nothing. AI visits go to the write buffer and the call
 * resolves once the visit is stored (acknowledged = durable); a replayed `visitId` is
 * acknowledged again and counted once. `close` writes everything buffered.
 */
export function createReferralIngest(deps: ReferralIngestDeps) {
  const pathCap = deps.pathCap ?? DEFAULT_PATH_CAP;
  const batcher = createBatcher<ReferralVisit>({
    ...deps.batching,
    write: async (batch) => {
      await deps.referrals.appendReferrals(batch, { pathCap });
    },
  });
  let closed = false;

  return {
    async recordReferral(visit: VisitEvent): Promise<RecordedReferral> {
      if (closed) throw new Error("referral ingest is closed");
      // Checked here: an invalid instant inside a batch would fail its batchmates' write too.
      if (Number.isNaN(visit.ts.getTime()))
        throw new RangeError("recordReferral: ts is not a valid instant");
      const hit = detectAiSource({
        referer: visit.referer,
        url:
          visit.utmSource != null
            ? `/?utm_source=${encodeURIComponent(visit.utmSource)}`
            : visit.path,
        siteHost: visit.siteHost ?? null,
      });
      if (!hit) return { recorded: false, reason: "not_ai" };
      const record: ReferralVisit = {
        visitId: visit.visitId ?? crypto.randomUUID(),
        domainId: visit.domainId,
        ts: new Date(visit.ts.getTime()),
        path: landingPath(visit.path),
        source: hit.source,
      };
      await batcher.add(record);
      return {
        recorded: true,
        visitId: record.visitId,
        source: hit.source,
        surfaceType: hit.surfaceType,
        path: record.path,
      };
    },

    /** Visits accepted but not yet stored. */
    pending: () => batcher.pending(),

    /** Refuses new visits, then writes everything buffered (flush on shutdown). */
    async close(): Promise<void> {
      closed = true;
      await batcher.close();
    },
  };
}

export type ReferralIngest = ReturnType<typeof createReferralIngest>;
