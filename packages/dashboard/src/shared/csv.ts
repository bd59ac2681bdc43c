/**
 * The dashboard's CSV export of a table: crawlgate's one CSV writer (`@crawlgate/core/csv`, the
 * API's CSV export uses it too): RFC 4180, CRLF, a field quoted when it holds `,`, `;`, `"`, a
 * tab or a line break, and a `'` before a formula trigger wherever a spreadsheet of any locale
 * could start a cell (numbers are written as they are).
 */
export type { CsvCell as Cell } from "@crawlgate/core/csv";
export { toCsv } from "@crawlgate/core/csv";
