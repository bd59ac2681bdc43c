// Markdown port: turns a page's prepared content into Markdown.

/**
 * Receives prepared content in document order, with htmlparser2's handler names: what such a
 * parser reports for the content's HTML (names lowercase, a void element closed right after it
 * opens, text decoded, possibly in several pieces).
 */
export interface ContentHandler {
  onopentag(name: string, attrs: Record<string, string>): void;
  ontext(text: string): void;
  onclosetag(name: string): void;
}

/**
 * A page's main content as core prepared it (`prepareHtml`: text structure only, a few
 * attributes, URLs absolute, well nested): as HTML for a converter that parses, or replayed as
 * the events the preparation saw, which spares a converter the second parse.
 */
export interface PreparedContent {
  /** The content as HTML (built on first read). */
  readonly html: string;
  /** Calls `handler` for each element and text of the content, in order. */
  replay(handler: ContentHandler): void;
}

/**
 * Converts HTML to Markdown for agents that ask for it (`Accept: text/markdown`). Core does
 * everything around it (negotiation, dropping scripts, navigation and hidden elements, making
 * URLs absolute, the title, caching): a converter gets the page's main content prepared
 * (`PreparedContent`: its HTML, or its events replayed) and only writes its Markdown. The default is
 * `createMarkdownConverter()` of `@crawlgate/markdown` (one pass over htmlparser2's events,
 * chosen by measurement: docs/decisions/markdown.md). Another converter takes the type from
 * `@crawlgate/core/adapter-kit`.
 */
export interface MarkdownConverter {
  /**
   * Name and version (`crawlgate-markdown@3 (htmlparser2@10.1.0)`): in logs, and part of what
   * the Markdown is cached under, so a new converter never serves an old one's output.
   */
  readonly name: string;
  /**
   * The Markdown of `content`. Synchronous and pure: the same input gives the same output. May
   * throw; the edge then answers with the HTML (a preference never becomes an error).
   */
  convert(content: PreparedContent): string;
}
