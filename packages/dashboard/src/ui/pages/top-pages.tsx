import type { ExportPageAnalyticsResponse, PageRow } from "@crawlgate/client";
import { useEffect, useState } from "preact/hooks";
import { freshnessText } from "../../shared/freshness.js";
import type { Period } from "../../shared/period.js";
import { requests } from "../../shared/requests.js";
import { Sparkline } from "../components/charts.js";
import { DataTable } from "../components/data-table.js";
import { FilterSelect } from "../components/filter-select.js";
import { Link } from "../components/link.js";
import { Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv, useRoute } from "../context.js";
import { periodOf } from "../period-of.js";
import { routePath } from "../routes.js";

/** A domain's pages ranked by crawls (as page analytics ranks them), with a drill-down per page. */
export function TopPages({ domainId }: { domainId: string }) {
  const env = useEnv();
  const route = useRoute();
  const period = periodOf(env, route);
  const sortBy = route.query.get("sortBy") === "verified" ? "verified" : "total";
  const pathPrefix = route.query.get("pathPrefix") ?? "";
  const cursor = route.query.get("cursor") ?? undefined;
  const pages = useCall<ExportPageAnalyticsResponse>(
    requests.topPages(domainId, period, { sortBy, pathPrefix, ...(cursor ? { cursor } : {}) }),
  );
  const pathOf = (query: Record<string, string | undefined>) =>
    routePath("pages", domainId, { ...Object.fromEntries(route.query), ...query });
  const go = (query: Record<string, string | undefined>) => env.locator.go(pathOf(query));
  // A report holds some rankings only: offer those.
  const ranked = (value: string) =>
    env.source.has(
      requests.topPages(domainId, period, {
        sortBy: value === "verified" ? "verified" : "total",
        pathPrefix,
      }),
    );
  return (
    <ViewFrame title="Top pages" period={period}>
      <div class="filters">
        <FilterSelect
          label="Rank by"
          param="sortBy"
          allLabel="All crawls"
          options={[{ value: "verified", label: "Verified crawls" }]}
          can={ranked}
        />
        {env.source.mode === "live" ? (
          <form
            class="inline"
            onSubmit={(event) => {
              event.preventDefault();
              const value = new FormData(event.currentTarget).get("pathPrefix");
              go({ pathPrefix: typeof value === "string" ? value : undefined, cursor: undefined });
            }}
          >
            <label>
              Path starts with{" "}
              <input name="pathPrefix" defaultValue={pathPrefix} placeholder="/blog/" />
            </label>
            <button type="submit">Filter</button>
          </form>
        ) : null}
      </div>
      <Loaded state={pages}>
        {(data) => (
          <>
            <p class="muted">
              {data.pageCount.toLocaleString("en-US")} pages crawled, {data.startDate} to{" "}
              {data.endDate}
              {data.requestedStartDate ? ` (page data starts ${data.legacyCutover})` : ""}
            </p>
            <PageTable data={data} domainId={domainId} period={period} />
            {data.nextCursor &&
            env.source.has(requests.topPages(domainId, period, { cursor: data.nextCursor })) ? (
              <p>
                <Link to={pathOf({ cursor: data.nextCursor })}>Next pages →</Link>
              </p>
            ) : null}
          </>
        )}
      </Loaded>
    </ViewFrame>
  );
}

/**
 * The cache state of each listed page, by path (live only: one request for the whole table; a
 * report, or an answer that failed, gives none and the column is left out).
 */
function useFreshness(domainId: string, paths: readonly string[]): Map<string, string> | null {
  const { source } = useEnv();
  const [state, setState] = useState<{ key: string; byPath: Map<string, string> } | null>(null);
  const key = `${domainId}\n${paths.join("\n")}`;
  useEffect(() => {
    if (source.mode !== "live" || paths.length === 0) return;
    let live = true;
    source.pageFreshness(domainId, paths).then((result) => {
      if (!live || !result.ok) return;
      const byPath = new Map(result.data.pages.map((p) => [p.path, freshnessText(p.variants)]));
      setState({ key, byPath });
    });
    return () => {
      live = false;
    };
  }, [key, source]);
  return state?.key === key ? state.byPath : null;
}

function PageTable(props: { data: ExportPageAnalyticsResponse; domainId: string; period: Period }) {
  const { data, domainId, period } = props;
  const { source } = useEnv();
  const freshness = useFreshness(
    domainId,
    data.pages.map((r) => r.path),
  );
  return (
    <DataTable<PageRow>
      caption={`Pages of ${data.domain}, ranked by crawls`}
      csvName={`pages-${data.domain}-${data.startDate}-${data.endDate}`}
      rowKey={(r) => r.path}
      rows={data.pages}
      columns={[
        {
          label: "Path",
          value: (r) => r.path,
          // A report links the pages whose drill-down it holds; the others are plain text.
          render: (r) =>
            source.has(requests.pageDetail(domainId, period, r.path)) ? (
              <Link to={routePath("page", domainId, { period, path: r.path })}>{r.path}</Link>
            ) : (
              r.path
            ),
        },
        { label: "Verified", value: (r) => r.tiers.verified, numeric: true },
        { label: "Declared", value: (r) => r.tiers.declared, numeric: true },
        { label: "Unknown", value: (r) => r.tiers.unknown, numeric: true },
        { label: "Total", value: (r) => r.total, numeric: true },
        {
          label: "Over time",
          value: (r) => (r.series ?? []).map((s) => s.total).join(" "),
          render: (r) => <Sparkline values={(r.series ?? []).map((s) => Number(s.total))} />,
        },
        ...(freshness
          ? [
              {
                label: "Cache",
                value: (r: PageRow) => freshness.get(r.path) ?? "",
                render: (r: PageRow) => (
                  <span data-testid="page-freshness">{freshness.get(r.path) ?? ""}</span>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
