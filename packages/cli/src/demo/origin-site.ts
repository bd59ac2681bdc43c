import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DIRECTORY_MEDIA_TYPE, DIRECTORY_PATH } from "@crawlgate/core/adapter-kit";
import { createDemoAgent, type DemoAgent } from "./signed-agents.js";
import { DEMO_ROBOTS, SITES, type SiteKind } from "./sites.js";

/** The demo's origins: a small site on loopback for each demo domain. */
export interface DemoOrigin {
  /** Base URL of the shop (the first domain), e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Base URL of each demo domain's site, by hostname. */
  sites: Record<string, string>;
  /**
   * The demo's signed agent: its key directory is served by the shop's origin (`url`, the
   * agent's origin, a trusted directory origin of the demo only).
   */
  agent: DemoAgent;
  close(): Promise<void>;
}

/** The robots.txt a demo site serves now: its latest seeded version (`DEMO_ROBOTS`). */
function currentRobots(host: string): string {
  const kind = (Object.keys(SITES) as SiteKind[]).find((k) => SITES[k].hostname === host);
  return kind ? (DEMO_ROBOTS[kind].at(-1)?.text ?? "") : "User-agent: *\nAllow: /\n";
}

/** One demo site: its name in headers and titles, and its public host. */
interface DemoSiteName {
  name: string;
  host: string;
}

const page = (site: DemoSiteName, title: string, body: string, head = "") => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<meta name="description" content="${title} at the crawlgate ${site.name.toLowerCase()}.">
<link rel="canonical" href="https://${site.host}/">
${head}
</head>
<body>
<header><a href="/">${site.name}</a> · <a href="/products/lamp">Lamp</a> · <a href="/live">Live</a></header>
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

async function answer(
  site: DemoSiteName,
  req: IncomingMessage,
  res: ServerResponse,
  directory: string | null,
): Promise<void> {
  const path = (req.url ?? "/").split("?", 1)[0] ?? "/";
  if (directory !== null && path === DIRECTORY_PATH) {
    res.writeHead(200, { "content-type": DIRECTORY_MEDIA_TYPE, "cache-control": "max-age=86400" });
    res.end(req.method === "HEAD" ? undefined : directory);
    return;
  }
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
      page(site, "Live prices", `<p id="version">Version ${liveVersion}, built ${at}</p>`),
    );
  }
  if (path === "/missing") {
    return html(
      200,
      page(
        site,
        "This product is gone",
        "<p>Sold out for good.</p>",
        '<meta name="prerender-status-code" content="404">',
      ),
    );
  }
  if (path === "/slow") {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return html(200, page(site, "A slow page", "<p>This page takes three seconds.</p>"));
  }
  if (path === "/robots.txt") {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end(currentRobots(site.host));
    return;
  }
  const title = path === "/" ? site.name : `Page ${path}`;
  return html(200, page(site, title, `<p>Everything about ${path}.</p>`));
}

/** The demo's sites, the shop first (the demo's first domain). */
const DEMO_SITE_NAMES: readonly DemoSiteName[] = [
  { name: "Demo shop", host: "shop.example.com" },
  { name: "Demo blog", host: "blog.example.com" },
  { name: "Starter site", host: "starter.example.net" },
];

/**
 * Starts the demo origins on 127.0.0.1 (a free port each), one per demo domain: pages that build
 * part of their content with JavaScript, `/missing` declaring 404 by meta tag, `/slow` (3 s),
 * and `/live`, whose content changes on every fetch. The shop's origin also serves the demo
 * agent's key directory (`/.well-known/http-message-signatures-directory`).
 */
export async function startDemoOrigin(): Promise<DemoOrigin> {
  const agent = await createDemoAgent();
  const started = await Promise.all(
    DEMO_SITE_NAMES.map((site, i) => startSite(site, i === 0 ? agent.directoryJson : null)),
  );
  const sites = Object.fromEntries(started.map((s, i) => [DEMO_SITE_NAMES[i]?.host, s.url]));
  return {
    url: started[0]?.url as string,
    sites,
    agent,
    close: async () => {
      await Promise.all(started.map((s) => s.close()));
    },
  };
}

async function startSite(site: DemoSiteName, directory: string | null) {
  const server = createServer((req, res) => {
    answer(site, req, res, directory).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
