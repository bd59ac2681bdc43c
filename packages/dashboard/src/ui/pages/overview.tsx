import type { ExportCrawlAnalyticsResponse, GetBotDefinitionsResponse } from "@crawlgate/client";
import { crawlsByIntent, tierTotals, weekOverWeek } from "../../shared/aggregate.js";
import { requests } from "../../shared/requests.js";
import { ShareBar, StackedBars } from "../components/charts.js";
import { DataTable } from "../components/data-table.js";
import { Link } from "../components/link.js";
import { Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv, useRoute } from "../context.js";
import { periodOf } from "../period-of.js";
import { routePath } from "../routes.js";

type Analytics = ExportCrawlAnalyticsResponse;

/** Every domain at a glance: crawls by intent, tier share, and this week against the last. */
export function Overview() {
  const env = useEnv();
  const route = useRoute();
  const period = periodOf(env, route);
  const scope = env.fixedDomainId ?? undefined;
  const analytics = useCall<Analytics>(requests.crawlAnalytics(period, scope));
  const definitions = useCall<GetBotDefinitionsResponse>(requests.definitions());
  const endDate = analytics.data?.endDate;
  const weeks = useCall<Analytics>(endDate ? requests.twoWeeks(endDate, scope) : null);
  return (
    <ViewFrame title="Domains overview" period={period}>
      <Loaded state={analytics}>
        {(data) => (
          <>
            <p class="muted">
              {data.startDate} to {data.endDate} · {data.domainCount} domain
              {data.domainCount === 1 ? "" : "s"}
            </p>
            <div class="cards">
              <div class="card">
                <h2>Crawls</h2>
                <p class="big" data-testid="total-crawls">
                  {tierTotals(data.domains).total.toLocaleString("en-US")}
                </p>
              </div>
              <div class="card wide">
                <h2>Attribution</h2>
                <ShareBar
                  parts={[
                    { label: "Verified", value: tierTotals(data.domains).verified },
                    { label: "Declared", value: tierTotals(data.domains).declared },
                    { label: "Unknown", value: tierTotals(data.domains).unknown },
                  ]}
                />
              </div>
            </div>
            <h2>Crawls over time, by intent</h2>
            <Loaded state={definitions}>
              {(defs) => (
                <StackedBars
                  data={crawlsByIntent(data.domains, defs)}
                  label="Crawls per day by intent"
                  labels={Object.fromEntries(defs.intents.map((i) => [i.intent, i.label]))}
                />
              )}
            </Loaded>
            <DomainTable data={data} weeks={weeks.data} period={period} />
          </>
        )}
      </Loaded>
    </ViewFrame>
  );
}

function DomainTable(props: { data: Analytics; weeks: Analytics | null; period: string }) {
  const wow = new Map(props.weeks?.domains.map((d) => [d.domainId, weekOverWeek(d)]) ?? []);
  const rows = props.data.domains.map((d) => ({ ...d, wow: wow.get(d.domainId) }));
  const change = (n: number | null | undefined) =>
    n === null || n === undefined ? null : `${n > 0 ? "+" : ""}${n}%`;
  return (
    <DataTable
      caption="Domains"
      csvName={`domains-${props.data.startDate}-${props.data.endDate}`}
      rowKey={(r) => r.domainId}
      rows={rows}
      columns={[
        {
          label: "Domain",
          value: (r) => r.domain,
          render: (r) => (
            <Link to={routePath("crawlers", r.domainId, { period: props.period })}>{r.domain}</Link>
          ),
        },
        { label: "Role", value: (r) => r.role },
        { label: "Crawls", value: (r) => r.summary.totalCrawls, numeric: true },
        { label: "Verified", value: (r) => r.summary.verifiedCrawls, numeric: true },
        { label: "This week", value: (r) => r.wow?.thisWeek, numeric: true },
        { label: "Last week", value: (r) => r.wow?.lastWeek, numeric: true },
        { label: "Week over week", value: (r) => change(r.wow?.changePercent), numeric: true },
      ]}
    />
  );
}
