/**
 * The one CSV writer of crawlgate (the API's CSV export and the dashboard's tables): RFC 4180
 * (CRLF line ends, quotes doubled) made safe to open in a spreadsheet in any locale. No I/O, no
 * imports: the dashboard's browser bundle takes it as it is (`@crawlgate/core/csv`).
 *
 * Formula guard (OWASP, CSV injection): a spreadsheet runs a cell that starts with `=`, `+`,
 * `-`, `@`, a tab or CR. A spreadsheet whose list separator is `;` (most of continental Europe)
 * reads a comma-separated file with its own separator, so a cell starts wherever the text has a
 * `;` or a line break, quoted by the writer or not. So a text field gets a `'` (shown as text,
 * not as part of the value, by spreadsheets) in front of its first character when that is a
 * trigger, and after every `;`, tab, CR or LF inside it that is followed by a trigger, a `"`
 * (which would open a quoted cell there) or the field's end (where the writer's closing quote
 * or the next field would follow). Then it is quoted when it holds `,`, `;`, `"`, a tab, CR or
 * LF. Numbers and booleans are written as they are.
 */

/** A cell of an exported table. */
export type CsvCell = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula when the cell starts with one. */
export const FORMULA_TRIGGERS = ["=", "+", "-", "@", "\t", "\r"] as const;

const LEADING_TRIGGER = /^[=+\-@\t\r]/;
/** A separator inside a field (in some locale, or a line break) before a trigger, `"` or the end. */
const INNER_START = /([;\t\r\n])(?=[=+\-@\t\r"]|$)/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** The text a spreadsheet shows for `text`: the formula guard applied, not yet quoted. */
export function csvText(text: string): string {
  const guarded = text.replace(INNER_START, "$1'");
  return LEADING_TRIGGER.test(guarded) ? `'${guarded}` : guarded;
}

/** One field: empty for `null`/`undefined`, numbers and booleans as they are, text guarded and quoted when needed. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number" || typeof cell === "boolean") return String(cell);
  const text = csvText(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole table: the header row, then one line per row, each ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}
