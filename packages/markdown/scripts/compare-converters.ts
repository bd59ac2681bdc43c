// Compares HTML-to-Markdown libraries on the fixture corpus: fidelity (the share of the corpus
// expectations met: headings, texts, dropped parts, title) and time per 100 KB page. The numbers
// behind the choice in docs/decisions/markdown.md.
//
//   npx tsx packages/markdown/scripts/compare-converters.ts

import { loadavg } from "node:os";
import {
  htmlToMarkdown,
  type MarkdownConverter,
  type PreparedContent,
  prepareHtml,
} from "@crawlgate/core/adapter-kit";
import { gfm } from "@joplin/turndown-plugin-gfm";
import { Readability } from "@mozilla/readability";
import { Parser } from "htmlparser2";
import { parseHTML } from "linkedom";
import { NodeHtmlMarkdown } from "node-html-markdown";
import TurndownService from "turndown";
import { createMarkdownConverter } from "../src/converter.js";
import { CORPUS, checksOf, corpusHtml, hundredKbPage, missingFrom } from "../src/corpus.js";

type Convert = (html: string, url: string) => string;

/** Core's `htmlToMarkdown` around any converter; `prepare: false`: the converter on the raw page. */
function viaCore(converter: MarkdownConverter, prepare = true): Convert {
  if (prepare) return (html, url) => htmlToMarkdown(html, url, converter).text;
  return (html) => {
    const title = titleOf(html);
    const head = title === null ? "" : `---\ntitle: ${JSON.stringify(title)}\n---\n\n`;
    return `${head}${converter.convert(rawContent(html)).trim()}\n`;
  };
}

/** A raw page as a converter's content: its HTML, or htmlparser2's events of it. */
function rawContent(html: string): PreparedContent {
  return {
    html,
    replay: (handler) =>
      new Parser(handler, {
        decodeEntities: true,
        lowerCaseTags: true,
        lowerCaseAttributeNames: true,
      }).end(html),
  };
}

function titleOf(html: string): string | null {
  const match = /<title>([^<]*)<\/title>/i.exec(html);
  return match ? (match[1] as string).replace(/\s+/g, " ").trim() : null;
}

/** The converter this package ran before: node-html-markdown with its settings then. */
function nodeHtmlMarkdownConverter(): MarkdownConverter {
  const converter = new NodeHtmlMarkdown({
    bulletMarker: "-",
    codeBlockStyle: "fenced",
    maxConsecutiveNewlines: 2,
  });
  return { name: "node-html-markdown@2.0.0", convert: ({ html }) => converter.translate(html) };
}

/** `dom`: the page parsed by linkedom and the tree handed to turndown (else turndown's domino). */
function turndownConverter(dom = false): MarkdownConverter {
  const service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
    strongDelimiter: "**",
  });
  service.use(gfm);
  if (!dom) return { name: "turndown@7.2.5", convert: ({ html }) => service.turndown(html) };
  return {
    name: "turndown@7.2.5 on linkedom@0.18.15",
    convert: ({ html }) => {
      const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
      return service.turndown(document.body as unknown as HTMLElement);
    },
  };
}

/** Readability's article (on linkedom) in place of core's main-content pass; URLs by core. */
function readabilityFirst(converter: MarkdownConverter): Convert {
  const core = viaCore(converter);
  return (html, url) => {
    const { document } = parseHTML(html);
    const article = new Readability(document as unknown as Document).parse();
    const content = article?.content ?? "";
    const title = article?.title ?? titleOf(html) ?? "";
    return core(`<title>${title}</title>${content}`, url);
  };
}

const ours = createMarkdownConverter();
const nhm = nodeHtmlMarkdownConverter();
const CANDIDATES: [string, Convert][] = [
  ["core prepare + our writer on htmlparser2 10.1.0 (chosen)", viaCore(ours)],
  ["core prepare + node-html-markdown 2.0.0", viaCore(nhm)],
  ["core prepare + turndown 7.2.5 (+ gfm plugin, domino)", viaCore(turndownConverter())],
  ["core prepare + turndown 7.2.5 on a linkedom 0.18.15 tree", viaCore(turndownConverter(true))],
  ["linkedom + readability 0.6.0 + core + node-html-markdown", readabilityFirst(nhm)],
  ["node-html-markdown alone (no core prepare)", viaCore(nhm, false)],
  ["turndown alone (no core prepare)", viaCore(turndownConverter(), false)],
];

/** CPU milliseconds per conversion (user + system: less moved by other processes than wall time). */
function msPerPage(convert: Convert, html: string): number {
  const url = "https://shop.example.com/guides/long-page";
  for (let i = 0; i < 20; i++) convert(html, url);
  const samples: number[] = [];
  for (let s = 0; s < 7; s++) {
    const started = process.cpuUsage();
    for (let i = 0; i < 10; i++) convert(html, url);
    const used = process.cpuUsage(started);
    samples.push((used.user + used.system) / 1000 / 10);
  }
  samples.sort((a, b) => a - b);
  return Math.round((samples[3] as number) * 100) / 100;
}

const page = hundredKbPage();
const total = CORPUS.reduce((n, p) => n + checksOf(p), 0);
console.log(
  `corpus: ${CORPUS.length} pages, ${total} checks; timing page ${page.length} chars; load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
console.log("| pipeline | checks met | pages fully met | CPU ms per 100 KB page |");
console.log("|---|---|---|---|");
for (const [name, convert] of CANDIDATES) {
  let missed = 0;
  let full = 0;
  const misses: string[] = [];
  for (const expectation of CORPUS) {
    let markdown: string;
    try {
      markdown = convert(corpusHtml(expectation.file), expectation.url);
    } catch (error) {
      missed += checksOf(expectation);
      misses.push(`${expectation.file}: threw ${String(error)}`);
      continue;
    }
    const missing = missingFrom(markdown, expectation);
    missed += missing.length;
    if (missing.length === 0) full++;
    else misses.push(`${expectation.file}: ${missing.slice(0, 3).join(" / ")}`);
  }
  const met = `${total - missed}/${total} (${Math.round(((total - missed) / total) * 1000) / 10}%)`;
  console.log(`| ${name} | ${met} | ${full}/${CORPUS.length} | ${msPerPage(convert, page)} |`);
  if (process.env.VERBOSE) for (const miss of misses) console.log(`    ${miss}`);
}

// Timing only: core's preparation alone, and each converter on the whole page at once.
const whole =
  (converter: MarkdownConverter): Convert =>
  (html, url) =>
    htmlToMarkdown(html, url, converter, Number.POSITIVE_INFINITY).text;
console.log(
  `core prepareHtml alone: ${msPerPage((html, url) => prepareHtml(html, url).title ?? "", page)} CPU ms`,
);
console.log(`core + our writer, not in pieces: ${msPerPage(whole(ours), page)} CPU ms`);
console.log(`core + node-html-markdown, not in pieces: ${msPerPage(whole(nhm), page)} CPU ms`);
