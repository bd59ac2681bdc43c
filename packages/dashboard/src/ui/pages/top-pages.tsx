import type { ExportPageAnalyticsResponse, PageRow } from "@crawlgate/client";
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
  const go = (query: Record<string, string | undefined>) =>
    env.locator.go(routePath("pages", domainId, { ...Object.fromEntries(route.query), ...query }));
  return (
    <ViewFrame title="Top pages" period={period}>
      <div class="filters">
        <FilterSelect
          label="Rank by"
          param="sortBy"
          allLabel="All crawls"
          options={[{ value: "verified", label: "Verified crawls" }]}
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
            {data.nextCursor ? (
              <button type="button" onClick={() => go({ cursor: data.nextCursor ?? undefined })}>
                Next pages
              </button>
            ) : null}
          </>
        )}
      </Loaded>
    </ViewFrame>
  );
}

function PageTable(props: { data: ExportPageAnalyticsResponse; domainId: string; period: string }) {
  const { data } = props;
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
          render: (r) => (
            <Link to={routePath("page", props.domainId, { period: props.period, path: r.path })}>
              {r.path}
            </Link>
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
      ]}
    />
  );
}
