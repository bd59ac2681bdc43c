import { OVERFLOW_PATH } from "../ingest/path-cap.js";

/** One visit or crawl of a path-cap case: its path, its UTC day, and whether it is another domain's. */
export interface CapInput {
  path: string;
  day: string;
  otherDomain?: boolean;
}

/** A table row: batches appended in order under `cap`, and the domain's counts per (day, path). */
export interface PathCapCase {
  name: string;
  cap: number;
  batches: CapInput[][];
  /** `[day, path, count]` of the domain, sorted by day then path (UTF-8 byte order). */
  counts: [string, string, number][];
}

const D1 = "2026-11-20";
const D2 = "2026-11-21";
const on = (day: string, ...paths: string[]): CapInput[] => paths.map((path) => ({ path, day }));
const O = OVERFLOW_PATH;

/**
 * The per-domain-day path cap, one table run by the crawl and the referral suites on every
 * adapter: both stores apply core's `admitPath`, so they must agree row for row.
 */
export const PATH_CAP_CASES: readonly PathCapCase[] = [
  {
    name: "admits new paths while the day has room, then counts further new paths as overflow",
    cap: 2,
    batches: [on(D1, "/a", "/b", "/c"), on(D1, "/a", "/d"), on(D2, "/c")],
    counts: [
      [D1, "/a", 2],
      [D1, "/b", 1],
      [D1, O, 2],
      [D2, "/c", 1],
    ],
  },
  {
    name: "a cap of 0 counts every path as overflow",
    cap: 0,
    batches: [on(D1, "/a", "/b"), on(D1, "/a")],
    counts: [[D1, O, 3]],
  },
  {
    name: "repeats inside one batch: an admitted path stays itself, an overflowed one stays overflow",
    cap: 3,
    batches: [on(D1, "/x", "/y", "/x", "/z", "/w", "/w", "/y", "/v")],
    counts: [
      [D1, "/x", 2],
      [D1, "/y", 2],
      [D1, "/z", 1],
      [D1, O, 3],
    ],
  },
  {
    name: "a path admitted earlier keeps counting after the day is full; one refused stays refused",
    cap: 1,
    batches: [on(D1, "/first"), on(D1, "/second"), on(D1, "/first", "/second", "/third")],
    counts: [
      [D1, "/first", 2],
      [D1, O, 3],
    ],
  },
  {
    name: "other domains and other days have caps of their own",
    cap: 1,
    batches: [
      [
        { path: "/elsewhere", day: D1, otherDomain: true },
        { path: "/elsewhere-2", day: D1, otherDomain: true },
        ...on(D1, "/mine"),
        ...on(D2, "/mine-too"),
      ],
    ],
    counts: [
      [D1, "/mine", 1],
      [D2, "/mine-too", 1],
    ],
  },
  {
    name: "paths are distinct by exact string: case, Unicode and characters above U+FFFF",
    cap: 4,
    batches: [on(D1, "/a", "/A", "/😀", "/\uff5e", "/é", "/a")],
    counts: [
      [D1, "/A", 1],
      [D1, "/a", 2],
      [D1, "/\uff5e", 1],
      [D1, "/😀", 1],
      [D1, O, 1],
    ],
  },
];
