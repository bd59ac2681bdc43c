import {
  AGGREGATE_TIERS,
  type ExportCrawlAnalyticsResponse,
  type GetBotDefinitionsResponse,
} from "@crawlgate/client";
import {
  type BotRow,
  botRows,
  LEGACY_INTENT,
  type SignedAgentRow,
  signedAgentHasTier,
  signedAgentRows,
} from "../../shared/aggregate.js";
import { requests } from "../../shared/requests.js";
import { Sparkline } from "../components/charts.js";
import { DataTable } from "../components/data-table.js";
import { FilterSelect } from "../components/filter-select.js";
import { Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv, useRoute } from "../context.js";
import { periodOf } from "../period-of.js";

/** Signed agents (Web Bot Auth): one row per agent origin with its signature outcomes. */
function SignedAgents({
  rows,
  caption,
  csvName,
  more,
}: {
  rows: SignedAgentRow[];
  caption: string;
  csvName: string;
  /** Agents beyond the listed ones (the API lists at most 100). */
  more: number;
}) {
  if (rows.length === 0) return <p>No signed agents in this period.</p>;
  return (
    <>
      <DataTable
        caption={caption}
        csvName={csvName}
        rowKey={(r) => r.label}
        rows={rows}
        columns={[
          { label: "Agent", value: (r) => r.label },
          { label: "Bot", value: (r) => r.displayName },
          { label: "Verified", value: (r) => r.verified, numeric: true },
          { label: "Invalid", value: (r) => r.invalid, numeric: true },
          { label: "Unverified", value: (r) => r.unverified, numeric: true },
          { label: "Total", value: (r) => r.total, numeric: true },
        ]}
      />
      {more > 0 ? <p>{more} more agents not listed.</p> : null}
    </>
  );
}

/** A domain's crawlers: one row per bot with intent, tiers and a sparkline; filter by intent/tier. */
export function Crawlers({ domainId }: { domainId: string }) {
  const env = useEnv();
  const route = useRoute();
  const period = periodOf(env, route);
  const analytics = useCall<ExportCrawlAnalyticsResponse>(
    requests.crawlAnalytics(period, domainId),
  );
  const definitions = useCall<GetBotDefinitionsResponse>(requests.definitions());
  const intent = route.query.get("intent") ?? "";
  const tier = (AGGREGATE_TIERS as readonly string[]).includes(route.query.get("tier") ?? "")
    ? (route.query.get("tier") as (typeof AGGREGATE_TIERS)[number])
    : null;
  const keep = (row: BotRow) =>
    (!intent || (row.intent ?? LEGACY_INTENT) === intent) && (!tier || row[tier] > 0);
  return (
    <ViewFrame title="Crawlers" period={period}>
      <Loaded state={definitions}>
        {(defs) => (
          <>
            <div class="filters">
              <FilterSelect
                label="Intent"
                param="intent"
                options={[
                  ...defs.intents.map((i) => ({ value: i.intent, label: i.label })),
                  { value: LEGACY_INTENT, label: "Legacy (no intent)" },
                ]}
              />
              <FilterSelect
                label="Tier"
                param="tier"
                options={AGGREGATE_TIERS.map((t) => ({
                  value: t,
                  label: t[0]?.toUpperCase() + t.slice(1),
                }))}
              />
            </div>
            <Loaded state={analytics}>
              {(data) => {
                const domain = data.domains[0];
                if (!domain) return <p>No such domain.</p>;
                const rows = botRows(domain, defs).filter(keep);
                const label = (id: string | null) =>
                  defs.intents.find((i) => i.intent === id)?.label ?? "Legacy (no intent)";
                const range = `${domain.domain}, ${data.startDate} to ${data.endDate}`;
                const listed = signedAgentRows(domain, defs);
                const agents = listed.filter(
                  (r) =>
                    (!intent || (r.intent ?? LEGACY_INTENT) === intent) &&
                    (!tier || signedAgentHasTier(r, tier)),
                );
                return (
                  <>
                    <DataTable
                      caption={`Crawlers of ${range}`}
                      csvName={`crawlers-${domain.domain}-${data.startDate}-${data.endDate}`}
                      rowKey={(r) => r.botId}
                      rows={rows}
                      columns={[
                        { label: "Bot", value: (r) => r.displayName },
                        { label: "Operator", value: (r) => r.operator },
                        { label: "Intent", value: (r) => label(r.intent) },
                        { label: "Verified", value: (r) => r.verified, numeric: true },
                        { label: "Declared", value: (r) => r.declared, numeric: true },
                        { label: "Unknown", value: (r) => r.unknown, numeric: true },
                        { label: "Total", value: (r) => r.total, numeric: true },
                        {
                          label: "Daily",
                          value: (r) => r.series.join(" "),
                          render: (r) => <Sparkline values={r.series} />,
                        },
                      ]}
                    />
                    <h2>Signed agents</h2>
                    <SignedAgents
                      rows={agents}
                      caption={`Web Bot Auth signed agents of ${range}`}
                      csvName={`signed-agents-${domain.domain}-${data.startDate}-${data.endDate}`}
                      more={domain.signedAgentCount - listed.length}
                    />
                  </>
                );
              }}
            </Loaded>
          </>
        )}
      </Loaded>
    </ViewFrame>
  );
}
