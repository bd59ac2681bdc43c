/** A table's cells as they are read, row by row (Markdown tables have no nesting). */
export interface TableRows {
  rows: string[][];
  /** The row being read, or `null` between rows. */
  row: string[] | null;
  caption: string;
}

export function newTable(): TableRows {
  return { rows: [], row: null, caption: "" };
}

/** A cell's text: one line, its pipes escaped; `colspan` adds empty cells after it. */
export function addCell(table: TableRows, text: string, colspan: string | undefined): void {
  if (table.row === null) {
    table.row = [];
    table.rows.push(table.row);
  }
  table.row.push(text.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|"));
  const span = Math.min(Number.parseInt(colspan ?? "1", 10) || 1, 100);
  for (let i = 1; i < span; i++) table.row.push("");
}

/** A GitHub table: the first row is the header, every row as wide as the widest. */
export function renderTable(table: TableRows): string {
  const width = table.rows.reduce((w, row) => Math.max(w, row.length), 0);
  if (width === 0) return "";
  const line = (cells: string[]) => {
    const padded = cells.concat(Array(width - cells.length).fill(""));
    return `| ${padded.join(" | ")} |`;
  };
  const lines = table.rows.map(line);
  lines.splice(1, 0, line(Array(width).fill("---")));
  return lines.join("\n");
}
