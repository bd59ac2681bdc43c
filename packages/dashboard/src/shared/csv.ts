/** A cell of an exported table. */
export type Cell = string | number | boolean | null | undefined;

/**
 * RFC 4180 CSV: CRLF line ends, a field quoted when it holds a comma, quote, CR or LF (quotes
 * doubled). A field starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` so that a
 * spreadsheet never runs a crawled path as a formula (numbers are written as they are).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return `${[header, ...rows].map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}

function field(cell: Cell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number" || typeof cell === "boolean") return String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
