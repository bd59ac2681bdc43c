/**
 * The block structure of the Markdown being written: quotes and list items open and close,
 * blocks (paragraphs, headings, code, tables, rules) are written with their prefixes (`> `,
 * the item's marker on its first line, its indent after). Blocks are separated by a blank line,
 * except inside lists, which are tight (one line break).
 */
export interface BlockWriter {
  openQuote(): void;
  closeQuote(): void;
  openList(): void;
  closeList(): void;
  /**
   * A list item: `marker` (`- `, `3. `) opens its first line, its width indents the rest.
   * `apart`: a blank line before it (a list's first item numbered other than 1 would be read as
   * text of a paragraph right before it).
   */
  openItem(marker: string, apart: boolean): void;
  closeItem(): void;
  /** A block of one or more lines; an empty one writes nothing. */
  block(text: string): void;
  /** All written so far. */
  text(): string;
}

type Container =
  | { quote: true }
  | { quote: false; marker: string; indent: string; started: boolean };

export function createBlockWriter(): BlockWriter {
  const out: string[] = [];
  const containers: Container[] = [];
  let lists = 0;
  /** Line breaks before the next block: 2 a blank line, 1 a line break. */
  let gap = 2;
  /** Containers open at the last block and since: the blank line between two blocks is theirs. */
  let shared = 0;
  const prefix = (first: boolean, depth = containers.length) => {
    let p = "";
    for (let i = 0; i < depth; i++) {
      const c = containers[i] as Container;
      if (c.quote) p += "> ";
      else if (first && !c.started) {
        p += c.marker;
        c.started = true;
      } else p += c.indent;
    }
    return p;
  };
  return {
    openQuote: () => {
      containers.push({ quote: true });
    },
    closeQuote: () => {
      containers.pop();
      shared = Math.min(shared, containers.length);
      // A paragraph right after a quote would be read as part of it.
      gap = 2;
    },
    openList: () => {
      lists++;
    },
    closeList: () => {
      lists--;
      if (lists === 0) gap = 2;
    },
    openItem: (marker, apart) => {
      if (apart) gap = 2;
      containers.push({ quote: false, marker, indent: " ".repeat(marker.length), started: false });
    },
    closeItem: () => {
      containers.pop();
      shared = Math.min(shared, containers.length);
    },
    block: (text) => {
      if (text === "") return;
      if (out.length > 0) out.push(gap >= 2 ? `\n${prefix(false, shared).trimEnd()}\n` : "\n");
      const lines = text.split("\n");
      out.push(prefix(true) + lines[0]);
      for (let i = 1; i < lines.length; i++) {
        const line = lines[i] as string;
        out.push(line === "" ? `\n${prefix(false).trimEnd()}` : `\n${prefix(false)}${line}`);
      }
      gap = lists > 0 ? 1 : 2;
      shared = containers.length;
    },
    text: () => out.join(""),
  };
}
