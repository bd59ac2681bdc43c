import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** The public hostname the forwarded-headers suite serves. */
export const PUBLIC_HOST = "shop.example.com";

/** One request the canonical origin received. */
export interface OriginRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/**
 * A real HTTP origin on loopback that does what frameworks do behind a proxy: it builds its
 * canonical URL from `X-Forwarded-Proto` and `X-Forwarded-Host` (else its own scheme and `Host`),
 * and, as a virtual host, answers the site named by `Host`: `PUBLIC_HOST` gets the shop, any
 * other name (its own address) the default site. Pages load `/app.js`, which adds a line to the
 * DOM (a renderer that runs scripts fetches it from the origin too); `/tls-only` sends `http`
 * to `https`, as sites behind a TLS proxy do. Every request is recorded.
 */
export async function startCanonicalOrigin() {
  const requests: OriginRequest[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({ method: req.method ?? "GET", path, headers: req.headers });
    if (path === "/app.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end('document.body.insertAdjacentHTML("beforeend", "<p id=app>script ran</p>");');
      return;
    }
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    const site = host === PUBLIC_HOST ? "Shop" : "Default site";
    const proto = req.headers["x-forwarded-proto"] ?? "http";
    const publicHost = req.headers["x-forwarded-host"] ?? req.headers.host;
    if (path === "/tls-only" && proto !== "https") {
      res.writeHead(301, { location: `https://${publicHost}${path}` });
      res.end();
      return;
    }
    const canonical = `${proto}://${publicHost}${path.split("?")[0]}`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><title>${site}</title><link rel="canonical" href="${canonical}">` +
        `<script src="/app.js"></script></head><body><h1>${site}</h1></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The domain's `originUrl`. */
    originUrl: `http://127.0.0.1:${port}`,
    requests,
    /** The requests for one path, oldest first. */
    requestsFor: (path: string) => requests.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type CanonicalOrigin = Awaited<ReturnType<typeof startCanonicalOrigin>>;

/** The canonical URL a page names (`<link rel="canonical" href>`), or `null`. */
export function canonicalOf(html: string): string | null {
  return /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? null;
}

/** The forwarding headers among a request's (`Forwarded`, `X-Real-IP`, `X-Forwarded-*`). */
export function forwardingOf(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (name === "forwarded" || name === "x-real-ip" || name.startsWith("x-forwarded-")) {
      out[name] = Array.isArray(value) ? value.join(", ") : value;
    }
  }
  return out;
}
