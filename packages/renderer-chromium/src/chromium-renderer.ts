import {
  DEFAULT_RENDER_MAX_BYTES,
  declaredResponse,
  type Renderer,
  RenderFailed,
  type RenderRequest,
  type RenderResult,
} from "@crawlgate/core/adapter-kit";
import { createPinnedFetch } from "@crawlgate/proxy-node";
import type { BrowserContext } from "puppeteer-core";
import {
  type BrowserPool,
  CHROMIUM_ARGS,
  createBrowserPool,
  type Generation,
} from "./browser-pool.js";
import { findChromium } from "./find-chromium.js";
import { interceptPageRequests, type PageFetch } from "./page-network.js";
import { stripScripts, waitUntilReady } from "./readiness.js";
import { createSlots } from "./slots.js";

export interface ChromiumRendererOptions {
  /** The browser; default `findChromium()` (`CRAWLGATE_CHROMIUM`, then the known paths). */
  executablePath?: string;
  /** Renders at once (pages open in the one browser); default 2. Others queue. */
  concurrency?: number;
  /** Renders after which the browser is replaced by a fresh one; default 200. */
  recycleAfter?: number;
  /**
   * Fetches the page's own host (the host of `RenderRequest.url`, port included): the domain's
   * origin, operator configuration the edge already passes people to. Default: the pinned fetch
   * admitting any address (an origin on loopback or a private network renders), each connection
   * pinned to the address it resolved.
   */
  originFetch?: PageFetch;
  /** Fetches every other host the page asks for. Default: the public-only pinned fetch. */
  fetch?: PageFetch;
  /** Removes `<script>` (except JSON-LD) from the snapshot; default `true`. */
  stripScripts?: boolean;
  /** Quiet network time that makes a page without `prerenderReady` done; default 500 ms. */
  idleMs?: number;
  /** Largest response the page gets (and largest document); default 5 MiB. */
  maxBytes?: number;
  /** User-Agent when the render request has none; default Chromium's with a `crawlgate` token. */
  userAgent?: string;
  /** Extra Chromium flags. */
  args?: string[];
}

export type ChromiumRenderer = Renderer & {
  /** The PID of the current browser process, `null` before the first render or after a crash. */
  browserPid(): number | null;
};

interface Settings {
  originFetch: PageFetch;
  fetch: PageFetch;
  stripScripts: boolean;
  idleMs: number;
  maxBytes: number;
  userAgent: string | undefined;
}

/**
 * The screen of each device: a desktop window, and a phone's (the Pixel-class screen Googlebot
 * smartphone renders with: 412 CSS pixels wide, touch, mobile meta viewport honoured).
 */
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 412, height: 915, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true },
} as const;

/** Per render: what the deadline and the crash handling must clean up. */
interface Session {
  context: BrowserContext | null;
  done: boolean;
  signal: AbortSignal;
}

/**
 * The `chromium` renderer: the page's DOM after its scripts ran, in a fresh incognito context
 * of a pooled headless Chromium, every request of the page fetched from Node (see
 * `interceptPageRequests`). Throws when no Chromium is found.
 */
export function createChromiumRenderer(options: ChromiumRendererOptions = {}): ChromiumRenderer {
  const executablePath = options.executablePath ?? findChromium();
  if (executablePath === null) {
    throw new Error(
      "no Chromium found: run scripts/install-chromium.sh or set CRAWLGATE_CHROMIUM to its path",
    );
  }
  const settings: Settings = {
    originFetch: options.originFetch ?? createPinnedFetch({ isAllowedAddress: () => true }),
    fetch: options.fetch ?? createPinnedFetch(),
    stripScripts: options.stripScripts ?? true,
    idleMs: options.idleMs ?? 500,
    maxBytes: options.maxBytes ?? DEFAULT_RENDER_MAX_BYTES,
    userAgent: options.userAgent,
  };
  const pool = createBrowserPool({
    executablePath,
    recycleAfter: Math.max(1, options.recycleAfter ?? 200),
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
  const slots = createSlots(Math.max(1, options.concurrency ?? 2));
  let closed = false;
  return {
    name: "chromium",
    async render(request) {
      const started = Date.now();
      if (closed) throw new RenderFailed("browser", "the renderer is closed");
      if (request.deadline.getTime() <= started) {
        throw new RenderFailed("deadline", "render deadline passed before start");
      }
      await slots.acquire(request.deadline);
      try {
        return await renderOnPool(pool, settings, request, started);
      } finally {
        slots.release();
      }
    },
    browserPid: () => pool.pid(),
    async close() {
      closed = true;
      slots.closeAll(new RenderFailed("browser", "the renderer is closed"));
      await pool.close();
    },
  };
}

async function renderOnPool(
  pool: BrowserPool,
  settings: Settings,
  request: RenderRequest,
  started: number,
): Promise<RenderResult> {
  const generation = pool.take();
  const controller = new AbortController();
  const session: Session = { context: null, done: false, signal: controller.signal };
  const budget = request.deadline.getTime() - Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new RenderFailed("deadline", `page not ready within ${budget} ms`)),
      budget,
    );
  });
  const work = renderPage(generation, settings, request, session, started);
  work.catch(() => {});
  try {
    return await Promise.race([work, deadline, generation.died]);
  } catch (error) {
    throw classify(error, generation, pool);
  } finally {
    session.done = true;
    clearTimeout(timer);
    controller.abort();
    const context = session.context;
    void (context === null ? Promise.resolve() : context.close())
      .catch(() => {})
      .finally(() => pool.release(generation));
  }
}

function classify(error: unknown, generation: Generation, pool: BrowserPool): RenderFailed {
  const message = error instanceof Error ? error.message : String(error);
  const failure =
    error instanceof RenderFailed
      ? error
      : generation.dead
        ? new RenderFailed("browser", `the browser died: ${message}`)
        : new RenderFailed("browser", message);
  // Out of time, or a protocol call timed out: make sure the browser itself is not wedged.
  if (failure.reason === "deadline" || /timed out/i.test(message))
    void pool.checkHealth(generation);
  return failure;
}

async function renderPage(
  generation: Generation,
  settings: Settings,
  request: RenderRequest,
  session: Session,
  started: number,
): Promise<RenderResult> {
  const browser = await generation.browser;
  const context = await browser.createBrowserContext();
  if (session.done) {
    await context.close().catch(() => {});
    throw new RenderFailed("deadline", "render ended while opening a context");
  }
  session.context = context;
  const page = await context.newPage();
  const crashed = new Promise<never>((_resolve, reject) => {
    page.once("error", (error) =>
      reject(new RenderFailed("browser", `the page crashed: ${error.message}`)),
    );
  });
  crashed.catch(() => {});
  await page.setViewport(VIEWPORTS[request.device]);
  const requestAgent = Object.entries(request.headers).find(([name]) => /^user-agent$/i.test(name));
  await page.setUserAgent(
    requestAgent?.[1] ??
      settings.userAgent ??
      `${(await browser.userAgent()).replace("HeadlessChrome", "Chrome")} crawlgate`,
  );
  const network = await interceptPageRequests(page, {
    pageUrl: request.url,
    headers: request.headers,
    originHeaders: request.originHeaders ?? {},
    originFetch: settings.originFetch,
    fetch: settings.fetch,
    maxBytes: settings.maxBytes,
    signal: session.signal,
  });
  try {
    await page.goto(request.url, { waitUntil: "domcontentloaded", timeout: 0 });
  } catch (error) {
    if (network.redirect === null) throw network.failure ?? error;
  }
  const timings = () => ({ totalMs: Date.now() - started });
  if (network.redirect !== null) {
    const { status, location, body } = network.redirect;
    return { status, html: body, finalUrl: request.url, headers: { location }, timings: timings() };
  }
  if (network.document === null)
    throw network.failure ?? new RenderFailed("network", "no document");
  await Promise.race([waitUntilReady(page, network, settings.idleMs, () => session.done), crashed]);
  if (settings.stripScripts) await stripScripts(page);
  const html = await page.content();
  const finalUrl = network.document.url;
  const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
  let status = network.document.status;
  const declared = declaredResponse(html, finalUrl);
  if (declared !== null) {
    status = declared.status;
    if (declared.location !== null) headers.location = declared.location;
  }
  return { status, html, finalUrl, headers, timings: timings() };
}
