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
 * node-postgres would send for that column as an array parameter, byte for byte: every element
 * quoted, `"` and `\` escaped only where present. A statement casts the parameter (`$1::text[]`,
 * `$2::bigint[]`). Built with one `join` into a flat string (appending element by element made
 * two rope nodes per element, flattened again when sent): a column of plain texts (no null, no
 * `"` or `\`; most are) joins its texts themselves between `","`, without an element string each.
 */
export function arrayLiteral(rows: readonly (readonly SqlValue[])[], column: number): string {
  const n = rows.length;
  if (n === 0) return "{}";
  const parts = new Array<string>(n);
  let i = 0;
  for (; i < n; i++) {
    const value = (rows[i] as readonly SqlValue[])[column];
    if (value === null || value === undefined) break;
    const text = typeof value === "string" ? value : String(value);
    if (SPECIAL.test(text)) break;
    parts[i] = text;
  }
  if (i === n) return `{"${parts.join('","')}"}`;
  for (let j = 0; j < i; j++) parts[j] = `"${parts[j]}"`;
  for (; i < n; i++) parts[i] = element((rows[i] as readonly SqlValue[])[column] as SqlValue);
  return `{${parts.join(",")}}`;
}

/** Rows of values → one array literal per column (the parameters of an `unnest`). */
export function columnLiterals(rows: readonly (readonly SqlValue[])[], width: number): string[] {
  const out = new Array<string>(width);
  for (let c = 0; c < width; c++) out[c] = arrayLiteral(rows, c);
  return out;
}
