/** The views, and where each lives: `domains/<id>/<view>` (or the root for the overview). */
export type View =
  | "overview"
  | "crawlers"
  | "pages"
  | "page"
  | "snapshots"
  | "referrals"
  | "rules"
  | "policy"
  | "robots"
  | "revenue"
  | "cache"
  | "not-found";

export interface Route {
  view: View;
  domainId: string | null;
  query: URLSearchParams;
}

const DOMAIN_VIEWS: readonly View[] = [
  "crawlers",
  "pages",
  "page",
  "snapshots",
  "referrals",
  "rules",
  "policy",
  "robots",
  "revenue",
  "cache",
];

/** The route of a path below the dashboard's base (`/domains/<id>/pages`) and its query. */
export function parseRoute(path: string, search: string): Route {
  const query = new URLSearchParams(search);
  const parts = path.split("/").filter(Boolean);
  if (parts.length === 0) return { view: "overview", domainId: null, query };
  const [first, domainId, view] = parts;
  if (first === "domains" && domainId && parts.length === 3 && DOMAIN_VIEWS.includes(view as View))
    return { view: view as View, domainId: decodeURIComponent(domainId), query };
  return { view: "not-found", domainId: null, query };
}

/** The path and query of a view (the inverse of `parseRoute`); empty query values are dropped. */
export function routePath(
  view: View,
  domainId: string | null,
  query: Record<string, string | undefined> = {},
): string {
  const path =
    view === "overview" || !domainId ? "/" : `/domains/${encodeURIComponent(domainId)}/${view}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** How the address bar holds the route: a path below a base (live) or a `#` fragment (report). */
export interface Locator {
  current(): { path: string; search: string };
  /** The `href` of a route path (`/domains/x/pages?period=7d`). */
  href(routePath: string): string;
  /** Goes to a route path; `replace` keeps the history entry. */
  go(routePath: string, replace?: boolean): void;
  listen(onChange: () => void): () => void;
}

/** History-API routing below `base` (`/dashboard`): the server answers index.html for each. */
export function pathLocator(base: string): Locator {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    current() {
      const { pathname, search } = window.location;
      const path = pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
      return { path: path || "/", search };
    },
    href: (routePath) => `${base}${routePath}`,
    go(routePath, replace) {
      if (replace) history.replaceState(null, "", `${base}${routePath}`);
      else history.pushState(null, "", `${base}${routePath}`);
      notify();
    },
    listen(onChange) {
      listeners.add(onChange);
      window.addEventListener("popstate", onChange);
      return () => {
        listeners.delete(onChange);
        window.removeEventListener("popstate", onChange);
      };
    },
  };
}

/** Fragment routing (`report.html#/domains/x/pages?period=30d`): works from a `file:` URL. */
export function hashLocator(): Locator {
  return {
    current() {
      const hash = window.location.hash.replace(/^#/, "") || "/";
      const at = hash.indexOf("?");
      return at < 0
        ? { path: hash, search: "" }
        : { path: hash.slice(0, at), search: hash.slice(at) };
    },
    href: (routePath) => `#${routePath}`,
    go(routePath, replace) {
      if (replace) history.replaceState(null, "", `#${routePath}`);
      else window.location.hash = routePath;
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    },
    listen(onChange) {
      window.addEventListener("hashchange", onChange);
      return () => window.removeEventListener("hashchange", onChange);
    },
  };
}
