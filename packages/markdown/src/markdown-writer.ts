import type { ContentHandler } from "@crawlgate/core/adapter-kit";
import { Parser } from "htmlparser2";
import { type BlockWriter, createBlockWriter } from "./block-writer.js";
import { fencedBlock, languageOf } from "./escape.js";
import {
  BREAK,
  closeInline,
  commitText,
  type InlineText,
  image,
  lines,
  type MarkdownStyle,
  openInline,
  takeInline,
} from "./inline-text.js";
import { addCell, newTable, renderTable, type TableRows } from "./tables.js";

export type { MarkdownStyle } from "./inline-text.js";

/** Everything a conversion holds while it reads the HTML. */
interface Reading extends InlineText {
  blocks: BlockWriter;
  /** A `pre` being read: its text is kept as it is. */
  pre: { depth: number; language: string; text: string[] } | null;
  /** The level of the heading being read, 0 outside one. */
  heading: number;
  table: TableRows | null;
  /** Tables open (one inside a cell is only text). */
  tableDepth: number;
  /** Inside a cell or caption of the table being read. */
  cell: { colspan?: string; caption: boolean } | null;
  lists: { ordered: boolean; next: number; first: boolean }[];
}

/** Elements that start and end a block of text. */
const BLOCK = new Set(
  "p div section article main header footer address figure figcaption details summary dl dt dd".split(
    " ",
  ),
);
const HEADING: Readonly<Record<string, number>> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const INLINE = new Set("a em i strong b del s strike code".split(" "));
/** Opened inside a heading or cell, these give a space between their texts. */
const SPACED = new Set(["br", "li", "tr", "td", "th"]);

/** Block structure is not written inside a heading or a table cell: only a space. */
const inlineOnly = (r: Reading) => r.heading > 0 || r.cell !== null || r.tableDepth > 1;

/** Text between a table's cells: only what is not whitespace counts. */
const commit = (r: Reading) =>
  commitText(r, !(r.table !== null && r.cell === null && r.tableDepth === 1));

/** Writes the inline text read so far as a paragraph (a space where blocks cannot be). */
function flush(r: Reading): void {
  commit(r);
  if (r.parts.length === 0) return;
  if (inlineOnly(r)) r.parts.push(" ");
  else r.blocks.block(lines(takeInline(r)).join("\\\n"));
}

/** Opens a block element; false when `name` is not one. */
function openBlock(r: Reading, name: string, attrs: Record<string, string>): boolean {
  const level = HEADING[name];
  if (level !== undefined || BLOCK.has(name)) {
    flush(r);
    if (level !== undefined && !inlineOnly(r)) r.heading = level;
    return true;
  }
  if (inlineOnly(r)) {
    if (name === "table") r.tableDepth++;
    if (SPACED.has(name)) r.parts.push(" ");
    return name === "table" || name === "hr" || name === "pre" || name === "ul" || name === "ol";
  }
  if (name === "br") r.parts.push(r.codeDepth > 0 ? " " : BREAK);
  else if (name === "pre" || name === "blockquote" || name === "ul" || name === "ol") {
    flush(r);
    if (name === "pre") r.pre = { depth: 1, language: languageOf(attrs.class), text: [] };
    else if (name === "blockquote") r.blocks.openQuote();
    else {
      // CommonMark numbers are 0 to 9 digits; anything else starts at 1.
      const start = Number.parseInt(attrs.start ?? "1", 10);
      const ok = start >= 0 && start <= 999_999_999;
      r.lists.push({ ordered: name === "ol", next: ok ? start : 1, first: true });
      r.blocks.openList();
    }
  } else if (name === "li") {
    flush(r);
    const list = r.lists[r.lists.length - 1];
    if (list === undefined || !list.ordered) r.blocks.openItem(`${r.style.bulletMarker} `, false);
    else {
      r.blocks.openItem(`${list.next}. `, list.first && list.next !== 1);
      list.next++;
      list.first = false;
    }
  } else if (name === "hr") {
    flush(r);
    r.blocks.block("---");
  } else return openTable(r, name, attrs);
  return true;
}

function openTable(r: Reading, name: string, attrs: Record<string, string>): boolean {
  if (name === "table") {
    flush(r);
    r.table = newTable();
    r.tableDepth = 1;
  } else if (r.table === null) return false;
  else if (name === "tr") r.table.row = null;
  else if (name === "td" || name === "th") r.cell = { colspan: attrs.colspan, caption: false };
  else if (name === "caption") r.cell = { caption: true };
  else return false;
  return true;
}

function closeTable(r: Reading, name: string): void {
  const table = r.table;
  if (table === null) return;
  if (name === "td" || name === "th" || name === "caption") {
    if (r.cell === null) return;
    const text = takeInline(r);
    if (r.cell.caption) table.caption += text;
    else addCell(table, text, r.cell.colspan);
    r.cell = null;
  } else if (name === "tr") table.row = null;
  else if (name === "table") {
    if (r.cell !== null) closeTable(r, r.cell.caption ? "caption" : "td");
    r.blocks.block(lines(table.caption).join(" "));
    r.blocks.block(renderTable(table));
    r.table = null;
    r.tableDepth = 0;
    // Text in a table outside its cells (browsers show it before the table; here, after it).
    flush(r);
  }
}

function closeHeading(r: Reading): void {
  if (r.heading === 0) {
    if (inlineOnly(r)) r.parts.push(" ");
    return;
  }
  // A closing run of `#` (`## C #`) would be read as the heading's optional end.
  const text = lines(takeInline(r))
    .join(" ")
    .replace(/(^|\s)(#+)$/, "$1\\$2");
  const level = r.heading;
  r.heading = 0;
  if (text !== "") r.blocks.block(`${"#".repeat(level)} ${text}`);
}

function closeBlock(r: Reading, name: string): void {
  if (HEADING[name] !== undefined) closeHeading(r);
  else if (BLOCK.has(name)) flush(r);
  else closeStructure(r, name);
}

/** Closes a quote, list, item or table part. */
function closeStructure(r: Reading, name: string): void {
  const cellEnd = name === "td" || name === "th" || name === "caption";
  if (inlineOnly(r) && !(cellEnd && r.cell !== null && r.tableDepth === 1)) {
    if (name === "table") r.tableDepth--;
    if (name === "li" || name === "p") r.parts.push(" ");
    return;
  }
  if (name === "blockquote" || name === "ul" || name === "ol" || name === "li") {
    flush(r);
    if (name === "blockquote") r.blocks.closeQuote();
    else if (name === "li") r.blocks.closeItem();
    else {
      r.lists.pop();
      r.blocks.closeList();
    }
  } else closeTable(r, name);
}

function closePre(r: Reading, pre: NonNullable<Reading["pre"]>, name: string): void {
  if (name !== "pre" || --pre.depth > 0) return;
  const body = pre.text
    .join("")
    .replace(/^\r?\n/, "")
    .replace(/\s+$/, "");
  r.pre = null;
  if (body !== "") r.blocks.block(fencedBlock(body, pre.language, r.style.codeFence));
}

/**
 * Writes the Markdown of HTML in one pass over htmlparser2's events (no tree is built): the
 * mapping is ours, the HTML parsing (entities, implied end tags, malformed input) htmlparser2's.
 * Written for the prepared HTML core hands a converter (`prepareHtml`: text structure only,
 * URLs absolute) and safe on any HTML: headings (ATX), paragraphs, hard breaks (`\`), quotes,
 * nested lists (tight), fenced code with its `language-*`, GitHub tables (first row the
 * header, a caption as a paragraph before it), links, images, emphasis, strike-through, inline
 * code, rules. A link around blocks is written in each of them. Other elements give their
 * content.
 */
export function writeMarkdown(html: string, style: MarkdownStyle): string {
  const writer = markdownWriter(style);
  new Parser(writer.handler, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  }).end(html);
  return writer.finish();
}

/**
 * The Markdown writer as a handler of parser events (`writeMarkdown` feeds it htmlparser2's;
 * the converter feeds it core's prepared content, replayed without a second parse), and
 * `finish`, which gives the Markdown once every event was handled.
 */
export function markdownWriter(style: MarkdownStyle): {
  handler: ContentHandler;
  finish(): string;
} {
  const r: Reading = {
    style,
    parts: [],
    inlines: [],
    codeDepth: 0,
    pending: "",
    blocks: createBlockWriter(),
    pre: null,
    heading: 0,
    table: null,
    tableDepth: 0,
    cell: null,
    lists: [],
  };
  const handler: ContentHandler = {
    onopentag(name, attrs) {
      const pre = r.pre;
      if (pre !== null) {
        if (name === "pre") pre.depth++;
        else if (name === "br") pre.text.push("\n");
        else if (name === "code" && pre.language === "") pre.language = languageOf(attrs.class);
        return;
      }
      commit(r);
      if (openBlock(r, name, attrs)) return;
      // Inline code cannot hold an image: its Markdown would read as code text.
      if (name === "img") r.parts.push(r.codeDepth > 0 ? "" : image(attrs));
      else if (INLINE.has(name)) openInline(r, name, attrs);
    },
    ontext(raw) {
      const text = raw.includes("\0") ? raw.replace(/\0/g, "\uFFFD") : raw;
      if (r.pre !== null) r.pre.text.push(text);
      else r.pending += text;
    },
    onclosetag(name) {
      if (r.pre !== null) {
        closePre(r, r.pre, name);
        return;
      }
      commit(r);
      if (INLINE.has(name)) closeInline(r, name);
      else closeBlock(r, name);
    },
  };
  return {
    handler,
    finish() {
      flush(r);
      return r.blocks.text();
    },
  };
}
