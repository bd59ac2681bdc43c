import type { ExportRobotsComplianceResponse, GetBotDefinitionsResponse } from "@crawlgate/client";
import { complianceRows, disallowedByBot, requestsByOutcome } from "../../shared/compliance.js";
import { policyRequests } from "../../shared/policy-requests.js";
import { requests as readRequests } from "../../shared/requests.js";
import { StackedBars } from "../components/charts.js";
import { DataTable } from "../components/data-table.js";
import { Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv, useRoute } from "../context.js";
import { periodOf } from "../period-of.js";
import { RobotsPreview } from "./robots-preview.js";

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Per crawler: requests, those to paths the served robots.txt disallowed it, over time. */
export function RobotsCompliance({ domainId }: { domainId: string }) {
  const env = useEnv();
  const route = useRoute();
  const period = periodOf(env, route);
  const compliance = useCall<ExportRobotsComplianceResponse>(
    policyRequests.compliance(domainId, period),
  );
  const definitions = useCall<GetBotDefinitionsResponse>(readRequests.definitions());
  // Bots by their display names, as every other view shows them (IDs until the names load).
  const names = Object.fromEntries(
    definitions.data?.bots.map((b) => [b.botId, b.displayName]) ?? [],
  ) as Record<string, string>;
  return (
    <ViewFrame title="Robots compliance" period={period}>
      <Loaded state={compliance}>{(data) => <ComplianceViews data={data} names={names} />}</Loaded>
      <RobotsPreview domainId={domainId} />
    </ViewFrame>
  );
}

function ComplianceViews({
  data,
  names,
}: {
  data: ExportRobotsComplianceResponse;
  names: Record<string, string>;
}) {
  const range = `${data.startDate}-${data.endDate}`;
  const { requests, disallowedRequests, signalContradictions } = data.summary;
  const chart = disallowedByBot(data);
  return (
    <>
      <p class="big" data-testid="total-disallowed">
        {disallowedRequests.toLocaleString("en-US")}{" "}
        <span class="muted">
          of {requests.toLocaleString("en-US")} crawler requests hit paths robots.txt disallowed
        </span>
      </p>
      <p data-testid="total-signal-contradictions">
        {signalContradictions.toLocaleString("en-US")}{" "}
        <span class="muted">
          crawler requests went against the content signals robots.txt stated for their paths (a
          training crawler under ai-train=no, an answer fetch under ai-input=no, a search crawler
          under search=no)
        </span>
      </p>
      <h2>Crawler requests per day: allowed and disallowed by robots.txt</h2>
      <StackedBars
        label="Crawler requests per day, allowed and disallowed"
        data={requestsByOutcome(data)}
      />
      <h2>Disallowed requests per day, by crawler</h2>
      {chart.keys.length > 0 ? (
        <StackedBars label="Disallowed requests per day by crawler" labels={names} data={chart} />
      ) : (
        <p class="muted">No crawler requested a disallowed path in this period.</p>
      )}
      <DataTable
        caption={`Robots.txt compliance by crawler, ${data.domain}, ${data.startDate} to ${data.endDate}`}
        csvName={`robots-compliance-${data.domain}-${range}`}
        rowKey={(r) => r.botId}
        rows={complianceRows(data)}
        empty="No crawler requests in this period."
        columns={[
          { label: "Bot", value: (r) => names[r.botId] ?? r.botId },
          { label: "Requests", value: (r) => r.requests, numeric: true },
          { label: "Disallowed", value: (r) => r.disallowedRequests, numeric: true },
          {
            label: "Disallowed share",
            value: (r) => Number(r.disallowedShare.toFixed(4)),
            render: (r) => percent(r.disallowedShare),
            numeric: true,
          },
          { label: "Last violation", value: (r) => r.lastViolationAt },
          {
            label: "Against content signals",
            value: (r) => r.signalContradictions,
            numeric: true,
          },
        ]}
      />
      <DataTable
        caption="robots.txt versions in force during the period"
        csvName={`robots-versions-${data.domain}-${range}`}
        rowKey={(v) => `${v.effectiveFrom} ${v.contentHash}`}
        rows={data.robotsVersions}
        empty="No robots.txt was served in this period: every request counts as allowed."
        columns={[
          { label: "In force from", value: (v) => v.effectiveFrom },
          { label: "Content hash", value: (v) => v.contentHash },
        ]}
      />
    </>
  );
}
