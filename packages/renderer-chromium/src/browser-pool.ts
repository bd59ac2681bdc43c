import { RenderFailed } from "@crawlgate/core/adapter-kit";
import puppeteer, { type Browser } from "puppeteer-core";
import { isHeadlessShell } from "./find-chromium.js";

/**
 * Flags for a root user in a container (the research note's list), plus the network lockdown:
 * every request a page makes is intercepted and fulfilled from Node, and whatever is not
 * intercepted (WebSockets, workers' fetches, prefetches, popups) goes to a proxy on a closed
 * loopback port, loopback included (`<-loopback>` removes the implicit bypass), so it reaches
 * nothing. WebRTC may not send UDP outside the (dead) proxy.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-dev-shm-usage",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-extensions",
  "--disable-quic",
  "--dns-prefetch-disable",
  "--no-first-run",
  "--mute-audio",
  "--hide-scrollbars",
  "--proxy-server=http://127.0.0.1:9",
  "--proxy-bypass-list=<-loopback>",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
];

const HEALTH_TIMEOUT_MS = 2_000;

/** One browser process and the renders it has served. */
export interface Generation {
  readonly browser: Promise<Browser>;
  /** Rejects with `RenderFailed("browser")` when the browser disconnects or crashes. */
  readonly died: Promise<never>;
  dead: boolean;
  retired: boolean;
  started: number;
  inFlight: number;
  pid: number | null;
}

export interface BrowserPoolOptions {
  executablePath: string;
  recycleAfter: number;
  args: string[];
}

/**
 * Hands out the current browser, launching one when there is none, when the current one died,
 * or when it has served `recycleAfter` renders (the old one is retired: it closes once its
 * renders in flight are done).
 */
export function createBrowserPool(options: BrowserPoolOptions) {
  let current: Generation | null = null;
  let closed = false;
  const all = new Set<Generation>();

  function launch(): Generation {
    let rejectDied: (error: Error) => void = () => {};
    const died = new Promise<never>((_resolve, reject) => {
      rejectDied = reject;
    });
    died.catch(() => {});
    const browser = puppeteer.launch({
      executablePath: options.executablePath,
      headless: isHeadlessShell(options.executablePath) ? "shell" : true,
      args: options.args,
      pipe: true,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      protocolTimeout: 30_000,
    });
    const generation: Generation = {
      browser,
      died,
      dead: false,
      retired: false,
      started: 0,
      inFlight: 0,
      pid: null,
    };
    all.add(generation);
    const die = (message: string) => {
      generation.dead = true;
      all.delete(generation);
      rejectDied(new RenderFailed("browser", message));
    };
    browser.then(
      (b) => {
        generation.pid = b.process()?.pid ?? null;
        b.once("disconnected", () => die("the browser disconnected or crashed"));
        if (closed || (generation.retired && generation.inFlight === 0)) void shut(generation);
      },
      (error: unknown) =>
        die(`the browser did not start: ${error instanceof Error ? error.message : error}`),
    );
    return generation;
  }

  async function shut(generation: Generation): Promise<void> {
    generation.retired = true;
    const browser = await generation.browser.catch(() => null);
    if (browser === null || !browser.connected) return;
    const timer = setTimeout(() => browser.process()?.kill("SIGKILL"), 5_000);
    await browser.close().catch(() => browser.process()?.kill("SIGKILL"));
    clearTimeout(timer);
  }

  return {
    /** The browser for one more render; pair with `release`. */
    take(): Generation {
      if (closed) throw new RenderFailed("browser", "the renderer is closed");
      if (current !== null && !current.dead && current.started >= options.recycleAfter) {
        const old = current;
        old.retired = true;
        if (old.inFlight === 0) void shut(old);
      }
      if (current === null || current.dead || current.retired) current = launch();
      current.started++;
      current.inFlight++;
      return current;
    },
    release(generation: Generation): void {
      generation.inFlight--;
      if (generation.retired && generation.inFlight === 0) void shut(generation);
    },
    /**
     * After a render ran out of time: when the browser does not answer a trivial command within
     * `HEALTH_TIMEOUT_MS` it is wedged, and is killed (renders on it fail with `browser`; the
     * next render gets a new one). A page that merely never got ready changes nothing.
     */
    async checkHealth(generation: Generation): Promise<void> {
      const browser = await generation.browser.catch(() => null);
      if (browser === null || generation.dead) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const answered = await Promise.race([
        browser.version().then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (answered || generation.dead) return;
      generation.retired = true;
      browser.process()?.kill("SIGKILL");
    },
    pid(): number | null {
      return current !== null && !current.dead ? current.pid : null;
    },
    async close(): Promise<void> {
      closed = true;
      current = null;
      await Promise.all([...all].map(shut));
    },
  };
}

export type BrowserPool = ReturnType<typeof createBrowserPool>;
