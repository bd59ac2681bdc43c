import type { ExportAiReferralsResponse } from "@crawlgate/client";
import { requests } from "../../shared/requests.js";
import { StackedBars } from "../components/charts.js";
import { DataTable } from "../components/data-table.js";
import { Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv, useRoute } from "../context.js";
import { periodOf } from "../period-of.js";

type ReferralDomain = ExportAiReferralsResponse["domains"][number];

/** Visitors sent by AI assistants and answer engines: by source, over time, and landing page. */
export function Referrals({ domainId }: { domainId: string }) {
  const env = useEnv();
  const route = useRoute();
  const period = periodOf(env, route);
  const referrals = useCall<ExportAiReferralsResponse>(requests.referrals(domainId, period));
  return (
    <ViewFrame title="AI referrals" period={period}>
      <Loaded state={referrals}>
        {(data) => {
          const domain = data.domains[0];
          return domain ? (
            <ReferralViews domain={domain} range={`${data.startDate}-${data.endDate}`} />
          ) : (
            <p>No such domain.</p>
          );
        }}
      </Loaded>
    </ViewFrame>
  );
}

function ReferralViews({ domain, range }: { domain: ReferralDomain; range: string }) {
  const sources = Object.entries(domain.referralTotals)
    .map(([source, t]) => ({ source, ...t }))
    .sort((a, b) => b.count - a.count || (a.source < b.source ? -1 : 1));
  const keys = sources.map((s) => s.source);
  const series = domain.referralSeries as unknown as ({ date: string } & Record<string, number>)[];
  const total = sources.reduce((sum, s) => sum + s.count, 0);
  return (
    <>
      <p class="big" data-testid="total-referrals">
        {total.toLocaleString("en-US")} <span class="muted">AI referrals</span>
      </p>
      <h2>Referrals over time, by source</h2>
      <StackedBars
        label="AI referrals per day by source"
        data={{
          dates: series.map((e) => e.date),
          keys,
          values: Object.fromEntries(keys.map((k) => [k, series.map((e) => Number(e[k] ?? 0))])),
        }}
      />
      <DataTable
        caption="Referrals by source"
        csvName={`referral-sources-${domain.domain}-${range}`}
        rowKey={(r) => r.source}
        rows={sources}
        columns={[
          { label: "Source", value: (r) => r.source },
          { label: "Surface", value: (r) => r.surfaceType },
          { label: "Referrals", value: (r) => r.count, numeric: true },
        ]}
      />
      <DataTable
        caption={`Landing pages${domain.truncated ? ` (top 500 of ${domain.landingPathCount})` : ""}`}
        csvName={`referral-landing-pages-${domain.domain}-${range}`}
        rowKey={(r) => r.path}
        rows={domain.topLandingPaths}
        limit={100}
        columns={[
          { label: "Landing page", value: (r) => r.path },
          { label: "Referrals", value: (r) => r.referralTotal, numeric: true },
          {
            label: "Top sources",
            value: (r) =>
              Object.entries(r.bySource)
                .sort((a, b) => b[1] - a[1])
                .map(([s, n]) => `${s} ${n}`)
                .join("; "),
          },
        ]}
      />
    </>
  );
}
