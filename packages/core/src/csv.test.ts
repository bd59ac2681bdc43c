import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvField, csvText, FORMULA_TRIGGERS, toCsv } from "./csv.js";

/**
 * How a spreadsheet reads a CSV file with its locale's list separator: a cell that starts with
 * `"` is quoted (`""` is a quote; after the closing quote the text runs on to the separator), a
 * quote anywhere else is a character; CR, LF and CRLF end a row outside quotes.
 */
function readAs(text: string, separator: "," | ";"): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let i = 0;
  let atCellStart = true;
  while (i < text.length) {
    const c = text[i] as string;
    if (atCellStart && c === '"') {
      i += 1;
      for (; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (text[i] === '"') break;
        else cell += text[i];
      }
      i += 1;
      atCellStart = false;
      continue;
    }
    atCellStart = false;
    if (c === separator) {
      row.push(cell);
      cell = "";
      atCellStart = true;
    } else if (c === "\r" || c === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      atCellStart = true;
      if (c === "\r" && text[i + 1] === "\n") i += 1;
    } else cell += c;
    i += 1;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const startsWithTrigger = (cell: string) =>
  (FORMULA_TRIGGERS as readonly string[]).includes(cell[0] as string);

/** Hostile text: separators of both locales, quotes, line breaks, triggers, letters. */
const hostile = fc.string({
  unit: fc.constantFrom(
    ...FORMULA_TRIGGERS,
    ",",
    ";",
    '"',
    "'",
    "\n",
    " ",
    "a",
    "é",
    "|",
    "cmd|'/C calc'!A0",
  ),
  maxLength: 24,
});

describe("the CSV writer", () => {
  it("property: read with `,` or `;` as the separator, no cell starts with a formula trigger", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(hostile, { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        (cells) => {
          const width = Math.max(1, ...cells.map((r) => r.length));
          const header = Array.from({ length: width }, (_, i) => `c${i}`);
          const csv = toCsv(header, cells);
          for (const separator of [",", ";"] as const) {
            for (const row of readAs(csv, separator))
              for (const cell of row)
                expect(startsWithTrigger(cell), JSON.stringify({ separator, cell, csv })).toBe(
                  false,
                );
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("property: read with `,`, each row gives back its cells as guarded text", () => {
    fc.assert(
      fc.property(fc.array(fc.array(hostile, { minLength: 3, maxLength: 3 })), (rows) => {
        expect(readAs(toCsv(["x", "y", "z"], rows), ",")).toEqual([
          ["x", "y", "z"],
          ...rows.map((row) => row.map(csvText)),
        ]);
      }),
      { numRuns: 1000 },
    );
  });

  it("the guard only adds a ' where a cell could start; other text is kept as it is", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        expect(csvText(text).replaceAll("'", "")).toBe(text.replaceAll("'", ""));
      }),
    );
    expect(csvText("Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)")).toBe(
      "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
    );
    expect(csvText("/a;=cmd|'/C calc'!A0")).toBe("/a;'=cmd|'/C calc'!A0");
    expect(csvText("=1+1")).toBe("'=1+1");
    expect(csvText("x\n@SUM(1)")).toBe("x\n'@SUM(1)");
    expect(csvText('a;"=1"')).toBe(`a;'"=1"`);
    expect(csvText("ends;")).toBe("ends;'");
  });

  it("quotes a field with a separator of either locale, a quote, a tab or a line break", () => {
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField("a\tb")).toBe('"a\tb"');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("/a;=cmd")).toBe(`"/a;'=cmd"`);
    expect(csvField("plain")).toBe("plain");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(true)).toBe("true");
    expect(csvField(null)).toBe("");
    expect(toCsv(["a", "b"], [[1, "x;y"]])).toBe('a,b\r\n1,"x;y"\r\n');
  });
});
