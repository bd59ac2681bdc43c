import type { RequestOptions, Transport } from "./transport.js";

/** One CSV page of export-crawl-logs: the body as a stream and the paging headers. */
export interface CrawlLogsCsvPage {
  format: "csv";
  /** RFC 4180 CSV (CRLF line ends) with a header row; read it once. */
  body: ReadableStream<Uint8Array>;
  /** `X-Next-Cursor`, or `null` on the last page. */
  nextCursor: string | null;
  /** `X-Missing-Days`, split. */
  missingDays: string[];
  /** `X-Provisional-Days`, split. */
  provisionalDays: string[];
  /** The file name `Content-Disposition` suggests. */
  filename: string | null;
}

const days = (header: string | null) => (header ? header.split(",").filter(Boolean) : []);

function emptyStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.close() });
}

export function csvPageOf(response: Response): CrawlLogsCsvPage {
  const disposition = response.headers.get("content-disposition");
  return {
    format: "csv",
    body: response.body ?? emptyStream(),
    nextCursor: response.headers.get("x-next-cursor"),
    missingDays: days(response.headers.get("x-missing-days")),
    provisionalDays: days(response.headers.get("x-provisional-days")),
    filename: disposition?.match(/filename="([^"]*)"/)?.[1] ?? null,
  };
}

/**
 * The chunks of a stream (browsers' streams are not async iterable everywhere yet); stops
 * reading when the consumer stops.
 */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** The bytes of a stream after its first CRLF (the CSV header row of a later page). */
async function* afterFirstLine(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  let skipping = true;
  let last = 0;
  for await (const chunk of chunksOf(stream)) {
    if (!skipping) {
      yield chunk;
      continue;
    }
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if (last === 13 && byte === 10) {
        skipping = false;
        if (i + 1 < chunk.length) yield chunk.subarray(i + 1);
        break;
      }
      last = byte;
    }
  }
}

/**
 * Every CSV page as one stream with one header row: page after page, each later page's header
 * row left out (the header is the row field names, which never contain a line break). Pages are
 * requested as the reader gets to them.
 */
export function concatCsvPages(
  firstPage: () => Promise<CrawlLogsCsvPage>,
  nextPage: (cursor: string) => Promise<CrawlLogsCsvPage>,
): ReadableStream<Uint8Array> {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let page = await firstPage();
    yield* chunksOf(page.body);
    while (page.nextCursor !== null) {
      page = await nextPage(page.nextCursor);
      yield* afterFirstLine(page.body);
    }
  }
  const source = chunks();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await source.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}

/** The file behind a presigned link (a Parquet part, a snapshot's gzip), as a stream. */
export async function downloadStream(
  transport: Transport,
  url: string,
  options?: RequestOptions,
): Promise<ReadableStream<Uint8Array>> {
  const response = await transport.download(url, options);
  return response.body ?? emptyStream();
}

/** A snapshot's HTML behind its `htmlUrl`, decompressed (the file is stored and sent gzipped). */
export async function snapshotHtmlStream(
  transport: Transport,
  htmlUrl: string,
  options?: RequestOptions,
): Promise<ReadableStream<Uint8Array>> {
  const gzip = await downloadStream(transport, htmlUrl, options);
  // TypeScript's DOM types give DecompressionStream BufferSource input; it takes the bytes as they come.
  return gzip.pipeThrough(
    new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
  );
}
