import type { ExportAiReferralsResponse, ExportCrawlToReferResponse } from "@crawlgate/client";
import { operatorBars, ratioText } from "../../shared/crawl-to-refer.js";
import { requests } from "../../shared/requests.js";
import { PairedBars, StackedBars } from "../components/charts.js";
import { DataTable } from "../components/data-table.js";
import { Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv, useRoute } from "../context.js";
import { periodOf } from "../period-of.js";

type ReferralDomain = ExportAiReferralsResponse["domains"][number];

/**
 * Visitors sent by AI assistants and answer engines: by source, over time, and landing page;
 * then what each AI operator crawls for the visitors it sends (crawl-to-refer).
 */
export function Referrals({ domainId }: { domainId: string }) {
  const env = useEnv();
  const route = useRoute();
  const period = periodOf(env, route);
  const referrals = useCall<ExportAiReferralsResponse>(requests.referrals(domainId, period));
  const crawlToRefer = useCall<ExportCrawlToReferResponse>(requests.crawlToRefer(domainId, period));
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
      <h2>Crawls against referrals, by AI operator</h2>
      <Loaded state={crawlToRefer}>{(data) => <CrawlToRefer data={data} />}</Loaded>
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

/** Per AI operator: page crawls of its bots beside the visitors its answers sent back. */
function CrawlToRefer({ data }: { data: ExportCrawlToReferResponse }) {
  const range = `${data.startDate}-${data.endDate}`;
  const bars = operatorBars(data);
  return (
    <>
      {bars.length > 0 ? (
        <PairedBars
          label="Page crawls and AI referrals per operator"
          keys={["crawls", "referrals"]}
          note="Logarithmic scale: crawls often outnumber referrals a thousand to one."
          rows={bars.map((b) => ({
            label: b.operator,
            values: [b.crawls, b.referrals],
            shares: [b.crawlShare, b.referralShare],
          }))}
        />
      ) : null}
      <DataTable
        caption={`Crawl-to-refer by AI operator, ${data.domain}, ${data.startDate} to ${data.endDate}`}
        csvName={`crawl-to-refer-${data.domain}-${range}`}
        rowKey={(r) => r.operator}
        rows={data.operators}
        empty="No AI crawler or AI referral in this period."
        columns={[
          { label: "Operator", value: (r) => r.operator },
          { label: "Page crawls", value: (r) => r.crawls, numeric: true },
          { label: "Referrals", value: (r) => r.referrals, numeric: true },
          {
            label: "Crawls per referral",
            value: (r) => r.ratio,
            render: (r) => ratioText(r.ratio),
            numeric: true,
          },
        ]}
      />
      {data.unattributedReferrals > 0 ? (
        <p class="muted" data-testid="unattributed-referrals">
          {data.unattributedReferrals.toLocaleString("en-US")} referrals came from AI surfaces of no
          listed operator.
        </p>
      ) : null}
    </>
  );
}
