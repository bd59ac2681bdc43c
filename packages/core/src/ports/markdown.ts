// Markdown port: turns prepared HTML into Markdown.

/**
 * Converts HTML to Markdown for agents that ask for it (`Accept: text/markdown`). Core does
 * everything around it (negotiation, dropping scripts, navigation and hidden elements, making
 * URLs absolute, the title, caching): a converter gets the page's main content as plain,
 * well-formed HTML (`prepareHtml`) and only writes its Markdown. The default is
 * `createMarkdownConverter()` of `@crawlgate/markdown` (one pass over htmlparser2's events,
 * chosen by measurement: docs/decisions/markdown.md). Another converter takes the type from
 * `@crawlgate/core/adapter-kit`.
 */
export interface MarkdownConverter {
  /**
   * Name and version (`crawlgate-markdown@2 (htmlparser2@10.1.0)`): in logs, and part of what
   * the Markdown is cached under, so a new converter never serves an old one's output.
   */
  readonly name: string;
  /**
   * The Markdown of `html`. Synchronous and pure: the same input gives the same output. May
   * throw; the edge then answers with the HTML (a preference never becomes an error).
   */
  convert(html: string): string;
}
