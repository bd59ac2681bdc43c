import type { SqlValue } from "../crawls/sql.js";

/** Characters an element must escape inside its double quotes. */
const SPECIAL = /["\\]/;

/** One array element as node-postgres writes it: `NULL`, or the text quoted and escaped. */
function element(value: SqlValue): string {
  if (value === null || value === undefined) return "NULL";
  const text = typeof value === "string" ? value : String(value);
  if (!SPECIAL.test(text)) return `"${text}"`;
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/**
 * Column `column` of `rows` as a PostgreSQL array literal (`{"a","b\"c",NULL}`), the text
 * node-postgres would send for that column as an array parameter, byte for byte, built in one
 * pass without the column array: every element quoted, `"` and `\` escaped only where present.
 * A statement casts the parameter (`$1::text[]`, `$2::bigint[]`).
 */
export function arrayLiteral(rows: readonly (readonly SqlValue[])[], column: number): string {
  let out = "{";
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) out += ",";
    out += element((rows[i] as readonly SqlValue[])[column] as SqlValue);
  }
  return `${out}}`;
}

/** Rows of values → one array literal per column (the parameters of an `unnest`). */
export function columnLiterals(rows: readonly (readonly SqlValue[])[], width: number): string[] {
  const out = new Array<string>(width);
  for (let c = 0; c < width; c++) out[c] = arrayLiteral(rows, c);
  return out;
}
