import type { Classification, Classifier } from "../classify/classifier.js";
import type { CrawlEvent } from "./crawl-rows.js";
import type { VisitEvent } from "./record-referral.js";
import {
  EDGE_RECORDING,
  isCrawler,
  type Recording,
  type RecordingOptions,
  type RequestKind,
  recordingOf,
  requestKind,
} from "./request-kind.js";

/**
 * One request as the edge saw it or a log recorded it, with what it was answered (`servedFrom`,
 * `status`, `bytes`: a referral candidate does not read them, and the edge offers it before the
 * origin answered, with `status` 0).
 */
export interface SeenRequest extends Omit<CrawlEvent, "eventId"> {
  /** The crawl's event id or the referral's visit id; generated when absent. */
  id?: string;
  /** The path, without query or fragment. */
  path: string;
  /** The query with its `?`, or `""` (a referral reads `utm_source` from it). */
  query: string;
  /** The Referer header, or `null`. */
  referer: string | null;
  /** The site's own hostname: a Referer from it is never a referral. */
  siteHost: string;
}

/** Where crawls and referral candidates go (default: the ingest service's own recorders). */
export interface RequestRecorders<T> {
  crawl(event: CrawlEvent): T;
  referral(visit: VisitEvent): T;
}

/** What the caller knows already, and how it differs (`options`, default the edge's). */
export interface RecordHow<T> {
  /** The User-Agent's classification, when the caller has it (it is not classified again). */
  classification?: Classification;
  /** The request's kind, when the caller has it (a log importer caches it per path). */
  kind?: RequestKind;
  /** The answer's Content-Type, when known (a log may carry it): read when `kind` is absent. */
  contentType?: string | null;
  options?: Readonly<RecordingOptions>;
  recorders?: RequestRecorders<T>;
}

/** What `recordRequest` decided, and what the recorder it called returned (`null`: none). */
export interface RecordedRequest<T> {
  kind: RequestKind;
  /** A taxonomy bot or automation (not a person). */
  crawler: boolean;
  recording: Recording;
  result: T | null;
}

/** The crawl row's event of a request. */
export function crawlEventOf(request: SeenRequest): CrawlEvent {
  return {
    eventId: request.id,
    domainId: request.domainId,
    ts: request.ts,
    path: request.path,
    userAgent: request.userAgent,
    ip: request.ip,
    servedFrom: request.servedFrom,
    status: request.status,
    bytes: request.bytes,
    contentHash: request.contentHash ?? null,
    snapshotId: request.snapshotId ?? null,
    streamId: request.streamId,
    ...(request.signed ? { signed: request.signed } : {}),
  };
}

/** The referral candidate of a person's page visit. */
export function visitEventOf(request: SeenRequest): VisitEvent {
  return {
    visitId: request.id,
    domainId: request.domainId,
    ts: request.ts,
    path: `${request.path}${request.query}`,
    referer: request.referer,
    siteHost: request.siteHost,
  };
}

/**
 * The one entry that records a request, for the edge and log importers: classify once (unless
 * the caller did), tell page, asset and probe apart, decide (`recordingOf`) and hand the request
 * to the crawl or the referral recorder. A referral candidate with neither a Referer nor a query
 * names no source, so no recorder is called for it.
 */
export function createRequestRecording<D>(classifier: () => Classifier, own: RequestRecorders<D>) {
  return function recordRequest<T = D>(
    request: SeenRequest,
    how: RecordHow<T> = {},
  ): RecordedRequest<T> {
    const classification = how.classification ?? classifier().classify(request.userAgent);
    const kind = how.kind ?? requestKind(request.path, how.contentType ?? null);
    const recording = recordingOf(classification, kind, how.options ?? EDGE_RECORDING);
    const to = how.recorders ?? (own as unknown as RequestRecorders<T>);
    let result: T | null = null;
    if (recording === "crawl") result = to.crawl(crawlEventOf(request));
    else if (recording === "referral" && (request.referer || request.query !== ""))
      result = to.referral(visitEventOf(request));
    return { kind, crawler: isCrawler(classification), recording, result };
  };
}

export type RecordRequest<D> = ReturnType<typeof createRequestRecording<D>>;
