import type { RequestOptions } from "./transport.js";

/** Cursor pages of one export, and its rows one by one across them. */
export interface Pager<Request, Page, Row> {
  /**
   * Every page, first to last: the request as given, then `{cursor}` from each `nextCursor`
   * until it is `null`. Each page is one API call (and counts toward the quota).
   */
  pages(request: Request, options?: RequestOptions): AsyncGenerator<Page, void, undefined>;
  /** Every row of every page, in the API's order; pages are fetched as the loop reaches them. */
  iterate(request: Request, options?: RequestOptions): AsyncGenerator<Row, void, undefined>;
}

export function createPager<
  Request extends object,
  Page extends { nextCursor: string | null },
  Row,
>(
  fetchPage: (body: Request, options?: RequestOptions) => Promise<Page>,
  rowsOf: (page: Page) => Row[],
  /** The fields a cursor request may carry besides `cursor` (page analytics: `series`). */
  carried: readonly string[] = [],
): Pager<Request, Page, Row> {
  async function* pages(request: Request, options?: RequestOptions) {
    let body = request;
    while (true) {
      const page = await fetchPage(body, options);
      yield page;
      if (page.nextCursor === null) return;
      const next: Record<string, unknown> = { cursor: page.nextCursor };
      for (const field of carried) {
        const value = (request as Record<string, unknown>)[field];
        if (value !== undefined) next[field] = value;
      }
      body = next as Request;
    }
  }
  return {
    pages,
    async *iterate(request, options) {
      for await (const page of pages(request, options)) yield* rowsOf(page);
    },
  };
}
