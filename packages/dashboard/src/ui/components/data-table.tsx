import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { type Cell, toCsv } from "../../shared/csv.js";
import { ScrollBox } from "./scroll-box.js";

export interface Column<R> {
  label: string;
  /** The exported (and, without `render`, displayed) value. */
  value(row: R): Cell;
  render?(row: R): ComponentChildren;
  numeric?: boolean;
}

/** Downloads `text` as a file (a Blob link: works offline, in a report too). */
export function download(filename: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A table with a caption and an "Export CSV" button that writes exactly its rows and columns. */
export function DataTable<R>(props: {
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  csvName: string;
  rowKey(row: R): string;
  empty?: string;
  /** Rows shown before a "Show all" button (the CSV always has every row). */
  limit?: number;
}) {
  const { columns, rows } = props;
  const [all, setAll] = useState(false);
  const shown = all || props.limit === undefined ? rows : rows.slice(0, props.limit);
  const exportCsv = () =>
    download(
      `${props.csvName}.csv`,
      toCsv(
        columns.map((c) => c.label),
        rows.map((row) => columns.map((c) => c.value(row))),
      ),
    );
  return (
    <div class="table-block">
      <div class="table-tools">
        <button type="button" onClick={exportCsv}>
          Export CSV<span class="sr-only"> of {props.caption}</span>
        </button>
      </div>
      <ScrollBox label={props.caption}>
        <table>
          <caption>{props.caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.label} scope="col" class={c.numeric ? "num" : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} class="muted">
                  {props.empty ?? "No data in this period."}
                </td>
              </tr>
            ) : (
              shown.map((row) => (
                <tr key={props.rowKey(row)}>
                  {columns.map((c) => (
                    <td key={c.label} class={c.numeric ? "num" : undefined}>
                      {c.render ? c.render(row) : formatCell(c.value(row))}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollBox>
      {shown.length < rows.length ? (
        <button type="button" class="secondary" onClick={() => setAll(true)}>
          Show all {rows.length.toLocaleString("en-US")} rows
          <span class="sr-only"> of {props.caption}</span>
        </button>
      ) : null}
    </div>
  );
}

function formatCell(cell: Cell): string {
  if (typeof cell === "number") return cell.toLocaleString("en-US");
  if (cell === null || cell === undefined) return "—";
  return String(cell);
}
