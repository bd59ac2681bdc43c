import { htmlToMarkdown, prepareHtml } from "@crawlgate/core/adapter-kit";
import { CONVERTER_NAME, createMarkdownConverter } from "@crawlgate/markdown";
import { hundredKbPage } from "../packages/markdown/src/corpus.js";
import { loadAverage, type MeasureOptions, nsPerOp, type ResultRow } from "./measure.js";

/**
 * What converting a page to Markdown costs (`Accept: text/markdown` on a miss of the Markdown
 * memory), on one process, no servers: the 100 KB page built from the fixture corpus
 * (`hundredKbPage` in `packages/markdown/src/corpus.ts`). Measured: core's preparation alone (`prepareHtml`) and
 * the whole conversion (`htmlToMarkdown` with the default converter).
 */

export interface MarkdownBench {
  converter: string;
  pageBytes: number;
  markdownBytes: number;
  tokens: number;
  /** Core's preparation alone, per page (ms). */
  prepareMs: number;
  /** The whole conversion, per page (ms): the number the target is about. */
  convertMs: number;
  loadAverage: number[];
  rows: ResultRow[];
}

export function markdownMicroBench(options: MeasureOptions): MarkdownBench {
  const page = hundredKbPage();
  const converter = createMarkdownConverter();
  const url = "https://shop.example.com/guides/long-page";
  const sample = htmlToMarkdown(page, url, converter);
  // A conversion takes milliseconds: quick mode's 100 ms warm-up would time cold code.
  for (let i = 0; i < 20; i++) htmlToMarkdown(page, url, converter);
  // Fresh copies per sample, as a decompressed cache read hands them over.
  const fresh = () => [String(page.slice(0, 1)) + page.slice(1)];
  // The preparation as the edge runs it: its events recorded, no HTML written.
  const prepareNs = nsPerOp(fresh, (html) => prepareHtml(html, url).title?.length ?? 0, options);
  const convertNs = nsPerOp(fresh, (html) => htmlToMarkdown(html, url, converter).tokens, options);
  const round = (ns: number) => Math.round(ns / 1e4) / 100;
  return {
    converter: CONVERTER_NAME,
    pageBytes: new TextEncoder().encode(page).byteLength,
    markdownBytes: new TextEncoder().encode(sample.text).byteLength,
    tokens: sample.tokens,
    prepareMs: round(prepareNs),
    convertMs: round(convertNs),
    loadAverage: loadAverage(),
    rows: [
      {
        suite: "edge",
        case: "markdown-prepare-100kb",
        impl: "core",
        nsPerOp: Math.round(prepareNs),
      },
      {
        suite: "edge",
        case: "markdown-convert-100kb",
        impl: CONVERTER_NAME,
        nsPerOp: Math.round(convertNs),
      },
    ],
  };
}
