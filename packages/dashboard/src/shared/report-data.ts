import type { Period } from "./period.js";

/** An operation's answer as a report stores it. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** What `crawlgate report` writes into the page, read by the bundle (`window.__CRAWLGATE_REPORT__`). */
export interface ReportData {
  title: string;
  period: Period;
  domainId: string;
  domain: string;
  generatedAt: string;
  /**
   * Answers by `callKey` of the request the view makes (in the file: through `packAnswers`,
   * read back with `unpackAnswers`).
   */
  answers: Record<string, StoredAnswer>;
}

/** The key of a packed table: `{"__rows": [keys], "v": [[values], …]}`. */
const ROWS = "__rows";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A report's answers written smaller: every array of two or more objects that have the same
 * keys in the same order (rows, series buckets) becomes one table, its keys once and each row
 * as an array of values. `unpackAnswers` gives back the very same JSON; an answer holding an
 * object with a `__rows` key of its own is left as it is (never the case for the API's answers).
 */
export function packAnswers(value: unknown): unknown {
  if (Array.isArray(value)) {
    const keys = value.length >= 2 && isRecord(value[0]) ? Object.keys(value[0]) : null;
    const table =
      keys !== null &&
      !keys.includes(ROWS) &&
      value.every((row) => {
        if (!isRecord(row)) return false;
        const own = Object.keys(row);
        return own.length === keys.length && own.every((key, i) => key === keys[i]);
      });
    if (table) {
      return {
        [ROWS]: keys,
        v: value.map((row) =>
          keys.map((key) => packAnswers((row as Record<string, unknown>)[key])),
        ),
      };
    }
    return value.map(packAnswers);
  }
  if (isRecord(value)) {
    if (Object.hasOwn(value, ROWS)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, packAnswers(v)]));
  }
  return value;
}

/** The inverse of `packAnswers`. */
export function unpackAnswers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unpackAnswers);
  if (!isRecord(value)) return value;
  const keys = value[ROWS];
  if (Array.isArray(keys) && Array.isArray(value.v) && Object.keys(value).length === 2) {
    return (value.v as unknown[][]).map((row) =>
      Object.fromEntries(keys.map((key: string, i) => [key, unpackAnswers(row[i])])),
    );
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpackAnswers(v)]));
}
