import type { ExportPageAnalyticsResponse, GetBotDefinitionsResponse } from "@crawlgate/client";
import { requests } from "../../shared/requests.js";
import { StackedBars } from "../components/charts.js";
import { DataTable } from "../components/data-table.js";
import { Link } from "../components/link.js";
import { Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv, useRoute } from "../context.js";
import { periodOf } from "../period-of.js";
import { routePath } from "../routes.js";

type Bucket = { bucketStart: string; verified: number; declared: number; unknown: number };

/** One page: its crawls over time by tier, and which bots crawled it. */
export function PageDetail({ domainId }: { domainId: string }) {
  const env = useEnv();
  const route = useRoute();
  const period = periodOf(env, route);
  const path = route.query.get("path") ?? "/";
  const detail = useCall<ExportPageAnalyticsResponse>(requests.pageDetail(domainId, period, path));
  const definitions = useCall<GetBotDefinitionsResponse>(requests.definitions());
  const names = new Map(definitions.data?.bots.map((b) => [b.botId, b.displayName]) ?? []);
  return (
    <ViewFrame
      title={
        <>
          Page <code>{path}</code>
        </>
      }
      period={period}
    >
      <p>
        <Link to={routePath("pages", domainId, { period })}>← All pages</Link>
        {env.source.mode === "live" ? (
          <>
            {" · "}
            <Link to={routePath("snapshots", domainId, { period, path })}>Snapshot history</Link>
          </>
        ) : null}
      </p>
      <Loaded state={detail}>
        {(data) => {
          // The exact `path` filter answers this page's row alone, or none.
          const row = data.pages.find((p) => p.path === path);
          if (!row) return <p>No crawls of this page in this period.</p>;
          const series = (row.series ?? []) as unknown as Bucket[];
          const bots = Object.entries(row.bots).map(([botId, t]) => ({ botId, ...t }));
          return (
            <>
              <h2>Crawls over time, by tier</h2>
              <StackedBars
                label={`Crawls of ${path} per ${data.granularity}`}
                labels={{ verified: "Verified", declared: "Declared", unknown: "Unknown" }}
                data={{
                  dates: series.map((s) => s.bucketStart),
                  keys: ["verified", "declared", "unknown"],
                  values: {
                    verified: series.map((s) => s.verified),
                    declared: series.map((s) => s.declared),
                    unknown: series.map((s) => s.unknown),
                  },
                }}
              />
              <DataTable
                caption={`Bots that crawled ${path}`}
                csvName={`page-bots-${data.domain}-${data.startDate}-${data.endDate}`}
                rowKey={(r) => r.botId}
                rows={bots}
                columns={[
                  { label: "Bot", value: (r) => names.get(r.botId) ?? r.botId },
                  { label: "Verified", value: (r) => r.verified, numeric: true },
                  { label: "Declared", value: (r) => r.declared, numeric: true },
                  { label: "Unknown", value: (r) => r.unknown, numeric: true },
                  { label: "Total", value: (r) => r.total, numeric: true },
                ]}
              />
            </>
          );
        }}
      </Loaded>
    </ViewFrame>
  );
}
