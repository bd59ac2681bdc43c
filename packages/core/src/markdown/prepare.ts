import { Parser } from "htmlparser2";
import type { ContentHandler, PreparedContent } from "../ports/markdown.js";

/** A page's HTML made ready for a Markdown converter (`prepareHtml`). */
export interface PreparedHtml extends PreparedContent {
  /** The document's `<title>` text, whitespace collapsed; `null` when it has none. */
  title: string | null;
}

/** An event of the prepared content: an element opened (kept attributes), text, an element closed. */
type ContentEvent =
  | { open: string; attrs: Record<string, string> }
  | { text: string }
  | { close: string };

/** Elements dropped with everything inside them: code, styling, embedded and interactive things. */
const DROPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "form",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "canvas",
  "svg",
  "math",
  "audio",
  "video",
  "select",
  "button",
  "input",
  "textarea",
  "dialog",
  "aside",
]);
/** Page chrome: dropped outside the main content, kept inside it (an article's own header). */
const CHROME = new Set(["header", "footer"]);
/** ARIA roles dropped like `nav` and `aside`, and roles of chrome (like `header`, `footer`). */
const DROPPED_ROLES = new Set([
  "navigation",
  "search",
  "menu",
  "menubar",
  "dialog",
  "alertdialog",
  "complementary",
]);
const CHROME_ROLES = new Set(["banner", "contentinfo"]);
/** Elements whose content is the main content (`main` also by `role=main`). */
const CONTENT = new Set(["main", "article"]);
/** Elements emitted as they are (with `ATTRIBUTES`); any other element gives only its content. */
const KEPT = new Set([
  ..."h1 h2 h3 h4 h5 h6 p br hr pre code blockquote ul ol li dl dt dd table thead tbody tfoot tr th td caption".split(
    " ",
  ),
  ..."a img em i strong b del s strike sub sup mark q cite abbr kbd samp var figure figcaption".split(
    " ",
  ),
  ..."div section article main header footer details summary address time".split(" "),
]);
/** The attributes kept, per element; URLs are made absolute. */
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ["href", "title"],
  img: ["src", "alt", "title"],
  ol: ["start"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  code: ["class"],
  pre: ["class"],
};
/** Deeper elements give only their content: bounds a converter's recursion. */
export const MAX_DEPTH = 200;
const VOID = new Set(["br", "hr", "img"]);

const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const escapeText = (s: string) =>
  /[&<>]/.test(s) ? s.replace(/[&<>]/g, (c) => ENTITIES[c] as string) : s;
/** `<` and `>` too, so that in prepared HTML every `<` opens a tag. */
const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Whether an element is hidden: `hidden`, `aria-hidden="true"`, inline `display:none`. */
function isHidden(attrs: Record<string, string>): boolean {
  if (attrs.hidden !== undefined) return true;
  if (attrs["aria-hidden"]?.trim().toLowerCase() === "true") return true;
  const style = attrs.style;
  return (
    style !== undefined && /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b/i.test(style)
  );
}

/** URL schemes a link or image keeps; any other (`javascript:`, `data:`, …) loses its URL. */
const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

/** `value` made absolute against `base`; `null` when it does not parse or is not a safe scheme. */
function absolute(value: string, base: URL | null): string | null {
  try {
    const url = base ? new URL(value.trim(), base) : new URL(value.trim());
    return SAFE_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function parseBase(pageUrl: string): URL | null {
  try {
    return new URL(pageUrl);
  } catch {
    return null;
  }
}

interface Frame {
  name: string;
  /** Its tags were written out. */
  emitted: boolean;
  /** It opened the main content (`main`, `article`, `role=main`). */
  content: boolean;
  /** It is a `main` (or `role=main`). */
  main: boolean;
  /**
   * A written `pre`: `open` until its first content, `code` when that is a `code` element,
   * `wrapped` when it is anything else (then `<code>` was written around it: a fenced block
   * keeps the text's whitespace).
   */
  pre?: "open" | "code" | "wrapped";
}

/**
 * Prepares a page's HTML for Markdown in one streaming pass (htmlparser2, so it never builds a
 * tree): keeps the first `<title>`, drops scripts, styles, forms, embedded content, navigation
 * (`nav`, `role=navigation|search|menu…`), asides (`aside`, `role=complementary`), hidden
 * elements (`hidden`, `aria-hidden="true"`, inline `display:none`/`visibility:hidden`) and,
 * outside `main`/`article`, the page chrome (`header`, `footer`, `role=banner|contentinfo`).
 * When the page has a `main` (or `role=main`) with text in it, only what is inside it. Links
 * and images are made absolute against `pageUrl` (or the page's `<base href>`); one whose URL
 * does not parse or is not http(s), `mailto:` or `tel:` loses it (a link keeps its text, an
 * image goes). Elements other than the text structure Markdown has (`KEPT`) give only their
 * content; attributes other than `ATTRIBUTES` are dropped. Never throws.
 */
export function prepareHtml(source: string, pageUrl: string): PreparedHtml {
  let base = parseBase(pageUrl);
  let baseSeen = false;
  let title: string | null = null;
  let titleText: string | null = null;
  const stack: Frame[] = [];
  /** Depth at which a dropped element opened (everything under it is skipped), else -1. */
  let skipping = -1;
  let contentDepth = 0;
  let mainDepth = 0;
  /** Text was written inside a `main`. */
  let mainText = false;
  const all: ContentEvent[] = [];
  const main: ContentEvent[] = [];
  const write = (event: ContentEvent) => {
    all.push(event);
    if (mainDepth > 0) main.push(event);
  };
  /** Before the first content of a written `pre`: `<code>` unless that content is a `code`. */
  const intoPre = (child: string | null) => {
    const parent = stack[stack.length - 1];
    if (parent?.pre !== "open") return;
    if (child === "code") parent.pre = "code";
    else {
      parent.pre = "wrapped";
      write({ open: "code", attrs: {} });
    }
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const depth = stack.length;
        const frame: Frame = { name, emitted: false, content: false, main: false };
        if (skipping < 0 && name !== "title") intoPre(name);
        stack.push(frame);
        if (skipping >= 0) return;
        if (name === "title") {
          // The document's title; any later one (in the body, say) is not text of the page.
          if (title === null && titleText === null) titleText = "";
          else skipping = depth;
          return;
        }
        if (name === "base" && !baseSeen && attrs.href !== undefined) {
          baseSeen = true;
          const href = absolute(attrs.href, base);
          if (href !== null) base = parseBase(href) ?? base;
        }
        const role = attrs.role?.trim().toLowerCase() ?? "";
        const chrome = CHROME.has(name) || CHROME_ROLES.has(role);
        if (
          DROPPED.has(name) ||
          DROPPED_ROLES.has(role) ||
          (chrome && contentDepth === 0) ||
          isHidden(attrs)
        ) {
          skipping = depth;
          return;
        }
        if (CONTENT.has(name) || role === "main") {
          frame.content = true;
          contentDepth++;
          if (name === "main" || role === "main") {
            frame.main = true;
            mainDepth++;
          }
        }
        if (!KEPT.has(name) || depth >= MAX_DEPTH) return;
        const kept: Record<string, string> = {};
        for (const attr of ATTRIBUTES[name] ?? []) {
          const raw = attrs[attr];
          if (raw === undefined) continue;
          const value = attr === "href" || attr === "src" ? absolute(raw, base) : raw;
          if (value === null) {
            if (name === "img") return;
            continue;
          }
          kept[attr] = value;
        }
        if (name === "img" && kept.src === undefined) return;
        frame.emitted = true;
        if (name === "pre") frame.pre = "open";
        write({ open: name, attrs: kept });
      },
      ontext(text) {
        if (titleText !== null) titleText += text;
        else if (skipping < 0) {
          // Whitespace before a `pre`'s `code` (`<pre>\n<code>`) does not make it plain text.
          if (stack[stack.length - 1]?.pre === "open" && /\S/.test(text)) intoPre(null);
          if (mainDepth > 0 && !mainText) mainText = /\S/.test(text);
          write({ text });
        }
      },
      onclosetag(name) {
        // A tag cut off by the end of the input is closed without having been opened: not ours.
        if (stack[stack.length - 1]?.name !== name) return;
        const frame = stack.pop() as Frame;
        if (skipping >= 0) {
          if (skipping === stack.length) skipping = -1;
          return;
        }
        if (name === "title" && titleText !== null) {
          const text = titleText.replace(/\s+/g, " ").trim();
          if (text !== "") title = text;
          titleText = null;
          return;
        }
        if (frame.pre === "wrapped") write({ close: "code" });
        // A void element too, as a parser reports it (its HTML has no end tag).
        if (frame.emitted) write({ close: name });
        // After its close tag is written, so the main content ends with it.
        if (frame.content) contentDepth--;
        if (frame.main) mainDepth--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(source);
  // A `main` with no text (a shell whose content sits elsewhere) does not hide the rest.
  return preparedContent(title, mainText ? main : all);
}

function preparedContent(title: string | null, events: readonly ContentEvent[]): PreparedHtml {
  let html: string | null = null;
  return {
    title,
    get html() {
      html ??= serialize(events);
      return html;
    },
    replay(handler: ContentHandler) {
      for (const event of events) {
        if ("text" in event) handler.ontext(event.text);
        else if ("open" in event) handler.onopentag(event.open, event.attrs);
        else handler.onclosetag(event.close);
      }
    },
  };
}

/** The events as HTML: what a parser reads back as the same elements, attributes and text. */
function serialize(events: readonly ContentEvent[]): string {
  let html = "";
  for (const event of events) {
    if ("text" in event) html += escapeText(event.text);
    else if ("open" in event) {
      html += `<${event.open}`;
      for (const [name, value] of Object.entries(event.attrs))
        html += ` ${name}="${escapeAttr(value)}"`;
      html += ">";
    } else if (!VOID.has(event.close)) html += `</${event.close}>`;
  }
  return html;
}
