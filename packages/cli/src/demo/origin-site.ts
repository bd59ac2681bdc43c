import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The demo's origin: a small shop on loopback that the demo's first domain points at. */
export interface DemoOrigin {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
}

const page = (title: string, body: string, head = "") => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<meta name="description" content="${title} at the crawlgate demo shop.">
<link rel="canonical" href="https://shop.example.com/">
${head}
</head>
<body>
<header><a href="/">Demo shop</a> · <a href="/products/lamp">Lamp</a> · <a href="/live">Live</a></header>
<main>
<h1>${title}</h1>
${body}
<div id="app">Loading…</div>
</main>
<script>
  // Built in the browser: a fetch render shows "Loading…", a Chromium render the list.
  document.getElementById("app").innerHTML =
    "<ul><li>Rendered by JavaScript</li><li>" + location.pathname + "</li></ul>";
</script>
</body>
</html>
`;

let liveVersion = 0;

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? "/").split("?", 1)[0] ?? "/";
  const html = (status: number, text: string) => {
    res.writeHead(status, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
    });
    res.end(req.method === "HEAD" ? undefined : text);
  };
  if (path === "/live") {
    liveVersion += 1;
    const at = new Date().toISOString();
    return html(
      200,
      page("Live prices", `<p id="version">Version ${liveVersion}, built ${at}</p>`),
    );
  }
  if (path === "/missing") {
    return html(
      200,
      page(
        "This product is gone",
        "<p>Sold out for good.</p>",
        '<meta name="prerender-status-code" content="404">',
      ),
    );
  }
  if (path === "/slow") {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return html(200, page("A slow page", "<p>This page takes three seconds.</p>"));
  }
  if (path === "/robots.txt") {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("User-agent: *\nAllow: /\n");
    return;
  }
  const title = path === "/" ? "Demo shop" : `Page ${path}`;
  return html(200, page(title, `<p>Everything about ${path}.</p>`));
}

/**
 * Starts the demo origin on 127.0.0.1 (a free port): pages that build part of their content
 * with JavaScript, `/missing` declaring 404 by meta tag, `/slow` (3 s), and `/live`, whose
 * content changes on every fetch.
 */
export async function startDemoOrigin(): Promise<DemoOrigin> {
  const server = createServer((req, res) => {
    answer(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
