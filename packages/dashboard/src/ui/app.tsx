import type { ListUserDomainsResponse } from "@crawlgate/client";
import { requests } from "../shared/requests.js";
import { Link } from "./components/link.js";
import { useCall, useEnv, useRoute } from "./context.js";
import { CacheStatusView } from "./pages/cache-status.js";
import { CrawlerPolicyView } from "./pages/crawler-policy.js";
import { Crawlers } from "./pages/crawlers.js";
import { Overview } from "./pages/overview.js";
import { PageDetail } from "./pages/page-detail.js";
import { Referrals } from "./pages/referrals.js";
import { Revenue } from "./pages/revenue.js";
import { RobotsCompliance } from "./pages/robots-compliance.js";
import { Rules } from "./pages/rules.js";
import { Snapshots } from "./pages/snapshots.js";
import { TopPages } from "./pages/top-pages.js";
import { periodOf } from "./period-of.js";
import { routePath, type View } from "./routes.js";

const DOMAIN_NAV: { view: View; label: string; live?: boolean }[] = [
  { view: "crawlers", label: "Crawlers" },
  { view: "pages", label: "Top pages" },
  { view: "cache", label: "Cache", live: true },
  { view: "snapshots", label: "Snapshots", live: true },
  { view: "referrals", label: "AI referrals" },
  { view: "rules", label: "Rules & purge", live: true },
  { view: "policy", label: "Crawler policy" },
  { view: "robots", label: "Robots compliance" },
  { view: "revenue", label: "Revenue", live: true },
];

/** The page frame: navigation, the current view, and (live) the sign-out button. */
export function App(props: { onSignOut?: () => void; title: string }) {
  const env = useEnv();
  const route = useRoute();
  const period = periodOf(env, route);
  const domains = useCall<ListUserDomainsResponse>(
    env.source.mode === "live" ? requests.domains() : null,
  );
  const domainId = route.domainId ?? env.fixedDomainId;
  const domainName = domains.data?.domains.find((d) => d.domainId === domainId)?.domain;
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <nav aria-label="Main">
          <Link
            to={routePath("overview", null, { period })}
            class="brand"
            current={route.view === "overview"}
          >
            {props.title}
          </Link>
          {env.source.mode === "live" && domains.data ? (
            <label class="picker">
              Domain{" "}
              <select
                value={domainId ?? ""}
                onChange={(e) => {
                  const id = (e.target as HTMLSelectElement).value;
                  env.locator.go(
                    id
                      ? routePath("crawlers", id, { period })
                      : routePath("overview", null, { period }),
                  );
                }}
              >
                <option value="">All domains</option>
                {domains.data.domains.map((d) => (
                  <option key={d.domainId} value={d.domainId}>
                    {d.domain}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {domainId ? (
            <ul aria-label={domainName ? `Views of ${domainName}` : "Domain views"}>
              {DOMAIN_NAV.filter((n) => !n.live || env.source.mode === "live").map((n) => (
                <li key={n.view}>
                  <Link
                    to={routePath(n.view, domainId, { period })}
                    current={route.view === n.view}
                  >
                    {n.label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </nav>
        {props.onSignOut ? (
          <button type="button" class="secondary" onClick={props.onSignOut}>
            Sign out
          </button>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        <CurrentView view={route.view} domainId={route.domainId} />
      </main>
    </>
  );
}

function CurrentView({ view, domainId }: { view: View; domainId: string | null }) {
  if (view === "overview") return <Overview />;
  if (!domainId) return <NotFound />;
  switch (view) {
    case "crawlers":
      return <Crawlers domainId={domainId} />;
    case "pages":
      return <TopPages domainId={domainId} />;
    case "page":
      return <PageDetail domainId={domainId} />;
    case "snapshots":
      return <Snapshots domainId={domainId} />;
    case "referrals":
      return <Referrals domainId={domainId} />;
    case "rules":
      return <Rules domainId={domainId} />;
    case "policy":
      return <CrawlerPolicyView domainId={domainId} />;
    case "robots":
      return <RobotsCompliance domainId={domainId} />;
    case "revenue":
      return <Revenue domainId={domainId} />;
    case "cache":
      return <CacheStatusView domainId={domainId} />;
    default:
      return <NotFound />;
  }
}

function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        <Link to="/">Back to the overview</Link>
      </p>
    </section>
  );
}
