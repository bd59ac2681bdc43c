/**
 * RFC 4180 CSV of crawl-log rows: CRLF line ends, a header row of the JSON field names, fields
 * quoted when they hold a comma, a quote, CR or LF (quotes doubled). A text cell starting with
 * `=`, `+`, `-`, `@`, a tab or CR gets a leading `'` (the OWASP convention) so a spreadsheet
 * never runs a user agent or path as a formula; numbers are written as they are.
 */

export const CSV_FIELDS = [
  "ts",
  "domain",
  "path",
  "userAgent",
  "uaHash",
  "servedFrom",
  "status",
  "bytes",
  "botOperator",
  "matchedRange",
  "tier",
  "contentHash",
  "signatureAgent",
  "signature",
] as const;

export type CsvRow = Record<(typeof CSV_FIELDS)[number], string | number | null>;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: `null` is empty, numbers as digits, text neutralised then quoted when needed. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(rows: readonly CsvRow[]): string {
  const lines = [CSV_FIELDS.join(",")];
  for (const row of rows) lines.push(CSV_FIELDS.map((f) => csvCell(row[f])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * `Content-Disposition` of a CSV page: `crawl-logs-<domain>-<start>-<end>.csv`, where anything
 * but `[a-z0-9.-]` in the hostname becomes `_`, so no quote, CR or LF can reach the header.
 */
export function csvDisposition(hostname: string, startDate: string, endDate: string): string {
  const safe = (text: string) => text.toLowerCase().replace(/[^a-z0-9.-]/g, "_");
  return `attachment; filename="crawl-logs-${safe(hostname)}-${safe(startDate)}-${safe(endDate)}.csv"`;
}
