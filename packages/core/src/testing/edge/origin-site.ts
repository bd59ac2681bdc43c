import type { FetchLike } from "../../ports/index.js";

/** A response of the test origin. */
export interface OriginReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * An article page as sites send it: navigation, a header, a script, a hidden element, a form and
 * a footer around the main content, whose links and image are relative.
 */
export const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Choosing a tent</title>
<style>.promo { color: red }</style><script>window.tracking = "SCRIPT-TEXT";</script></head>
<body>
<header class="site"><a href="/">Shop home</a><p>HEADER-TEXT</p></header>
<nav><ul><li><a href="/tents">NAV-TEXT tents</a></li></ul></nav>
<main>
<article>
<h1>Choosing a tent</h1>
<p>Three things matter: <strong>weight</strong>, space and weather.</p>
<h2>Weight</h2>
<p>Read the <a href="../docs/intro?x=1">packing guide</a> first.</p>
<p><img src="img/tent.jpg" alt="A green tent"></p>
<div hidden>HIDDEN-TEXT</div>
<p style="display: none">HIDDEN-STYLE-TEXT</p>
<form action="/subscribe"><input name="email"><button>FORM-TEXT</button></form>
</article>
</main>
<footer><p>FOOTER-TEXT</p></footer>
<script>document.title = "SCRIPT-TEXT";</script>
</body></html>`;

/**
 * A small site the edge suite puts behind the edge: a page, a page that declares 404, one that
 * answers 500, a slow one, one whose content changes on every fetch, one whose content the test
 * publishes and whose answer it can hold, two that price themselves (`crawler-price`: one a
 * price, one not), one with its own `Link` and `Content-Usage`, a static file and an API
 * route. It answers in process (no socket) as a `FetchLike` for the renderer and as a plain
 * price, one not), an article with page chrome around it (for its Markdown), a static file and
 * an API route. It answers in process (no socket) as a `FetchLike` for the renderer and as a plain
 * function for the bridges' pass-through.
 */
export function createOriginSite() {
  let liveVersion = 0;
  let broken = false;
  let gatedVersion = 1;
  let hold: { arrived(): void; released: Promise<void> } | null = null;
  const hits: string[] = [];
  const html = (title: string, extraHead = "") =>
    `<!doctype html><html><head><title>${title}</title>${extraHead}</head><body><h1>${title}</h1></body></html>`;
  const page = (body: string, status = 200): OriginReply => ({
    status,
    headers: { "content-type": "text/html; charset=utf-8" },
    body,
  });

  async function answer(method: string, target: string): Promise<OriginReply> {
    hits.push(`${method} ${target}`);
    const path = target.split("?", 1)[0] ?? "/";
    switch (path) {
      case "/":
      case "/about":
        return page(html(`Page ${target}`));
      case "/missing":
        return page(html("Gone", '<meta name="prerender-status-code" content="404">'));
      case "/broken":
        return page(html("Server error"), 500);
      case "/flaky":
        return broken ? page(html("Server error"), 503) : page(html("Flaky but fine"));
      case "/slow":
        await new Promise((resolve) => setTimeout(resolve, 400));
        return page(html("Slow"));
      case "/gated": {
        // The content is read when the request arrives; a held answer is sent on release.
        const body = html(`Gated version ${gatedVersion}`);
        const held = hold;
        hold = null;
        if (held) {
          held.arrived();
          await held.released;
        }
        return page(body);
      }
      case "/live":
        liveVersion += 1;
        return page(html(`Live version ${liveVersion}`));
      case "/priced":
        // In-band pricing: the origin prices this page itself.
        return {
          ...page(html("Priced by the origin")),
          headers: { ...page("").headers, "crawler-price": "USD 0.05" },
        };
      case "/badly-priced":
        return {
          ...page(html("Badly priced")),
          headers: { ...page("").headers, "crawler-price": "five cents" },
        };
      case "/linked":
        // An answer with its own Link and Content-Usage fields (merged with the policy's).
        return {
          ...page(html("Linked")),
          headers: {
            ...page("").headers,
            link: "</style.css>; rel=preload",
            "content-usage": "train-ai=y, x-own=n",
          },
        };
      case "/article":
        return page(ARTICLE);
      case "/app.js":
        return { status: 200, headers: { "content-type": "text/javascript" }, body: "var x=1;" };
      case "/api/data":
        return { status: 200, headers: { "content-type": "application/json" }, body: '{"a":1}' };
      default:
        return page(html("Not found"), 404);
    }
  }

  /** What a proxy rule's upstream answers (the bridges' test proxies call it). */
  function proxied(upstream: string): OriginReply {
    hits.push(`PROXY ${upstream}`);
    return page(html(`Proxied ${upstream}`));
  }

  const fetch: FetchLike = async (url, init) => {
    const target = new URL(url);
    const reply = await answer(init.method ?? "GET", target.pathname + target.search);
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  };

  return {
    /** Base URL the domain's `originUrl` is set to. */
    originUrl: "https://origin.test",
    fetch,
    answer,
    proxied,
    /** Requests the origin received (`METHOD /path?query`). */
    hits,
    /** Sets the version `/gated` serves. */
    publishGated(version: number) {
      gatedVersion = version;
    },
    /**
     * Holds the next answer of `/gated` (its content read on arrival) until `release` is called;
     * `arrived` resolves when that request came in.
     */
    holdGated() {
      let arrived = () => {};
      let release = () => {};
      const arrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = { arrived, released };
      return { arrived: arrival, release };
    },
    /** Makes `/flaky` answer 503 from now on. */
    breakFlaky() {
      broken = true;
    },
  };
}

export type OriginSite = ReturnType<typeof createOriginSite>;
