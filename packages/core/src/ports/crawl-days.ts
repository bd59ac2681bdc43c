// The raw rows of whole days, as the crawl-log archive's day close reads and drops them.

/** A domain and UTC day. */
export interface DomainDay {
  domainId: string;
  day: string;
}

/**
 * One raw crawl row as the archive's day close reads it: the event id (the keyset's tie-break)
 * and the archived columns, in this order. `ts` is epoch milliseconds.
 */
export type ArchiveRow = [
  eventId: string,
  ts: number,
  path: string,
  userAgent: string,
  uaHash: string,
  verdict: string,
  servedFrom: string,
  status: number,
  bytes: number,
  botOperator: string | null,
  matchedRange: string | null,
  contentHash: string | null,
  streamId: string,
  ipAsn: number,
  signatureAgent: string | null,
  signature: string | null,
];

/** The raw rows of whole days, as the archive's day close reads and drops them. */
export interface CrawlDays {
  /**
   * Every (domain, day) with at least one raw row and `day <= throughDay`, each once, sorted by
   * day then domainId (byte order). `[]` when none.
   */
  hotCrawlDays(throughDay: string): Promise<DomainDay[]>;
  /**
   * Raw rows of one domain whose UTC day (of `ts`) is `day`, in archive order: `ts` ascending,
   * ties by eventId (byte order), as `ArchiveRow` tuples (the day close reads a million of them:
   * no row objects). Keyset: only rows after `after` in that order (`null`: from the first). At
   * most `limit` rows.
   */
  listDayRows(
    domainId: string,
    day: string,
    after: { ts: number; eventId: string } | null,
    limit: number,
  ): Promise<ArchiveRow[]>;
  /**
   * Deletes the raw rows of one domain-day (their day is archived for good), or with `eventIds`
   * only those of them (rows archived as a frozen day's late part; rows stored since stay). The
   * aggregates and the page ranking are untouched: they read the same before and after. Returns
   * how many rows it deleted (0 the second time).
   */
  dropDayCrawls(domainId: string, day: string, eventIds?: readonly string[]): Promise<number>;
  /**
   * `dropDayCrawls` with event ids for several domains of one day at once (a frozen day's close:
   * each domain's archived rows), as one operation where the engine keeps a day's rows apart:
   * PostgreSQL drops the day's partition whole when every row stored in it is named (no
   * row-by-row delete), and deletes the rest as `dropDayCrawls` does. Returns the rows dropped
   * per entry of `drops`, in its order.
   */
  dropFrozenDay(day: string, drops: readonly DayDrop[]): Promise<number[]>;
  /**
   * Keeps the storage of raw rows ready for `today` where the engine stores each day apart
   * (PostgreSQL's day partitions): the days `today` through `today + aheadDays` get their
   * partition (rows of such a day already stored in the default partition move into it), and
   * the partitions of days before `frozenBefore` that hold no row are dropped. Returns those
   * days, each list sorted. Memory and SQLite keep no day apart: both lists are empty.
   */
  prepareCrawlDays(
    today: string,
    aheadDays: number,
    frozenBefore: string,
  ): Promise<{ created: string[]; dropped: string[] }>;
}

/** The raw rows of one domain that a frozen day's close archived (`CrawlDays.dropFrozenDay`). */
export interface DayDrop {
  domainId: string;
  eventIds: readonly string[];
}
