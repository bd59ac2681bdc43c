import type { ExportCrawlerChargesResponse } from "@crawlgate/client";
import { policyRequests } from "../../shared/policy-requests.js";
import { chargedByPayer, revenueRows } from "../../shared/revenue.js";
import { StackedBars } from "../components/charts.js";
import { DataTable } from "../components/data-table.js";
import { Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv, useRoute } from "../context.js";
import { periodOf } from "../period-of.js";

/** What crawlers paid (pay per crawl): charged requests and amounts per payer over time. */
export function Revenue({ domainId }: { domainId: string }) {
  const env = useEnv();
  const route = useRoute();
  const period = periodOf(env, route);
  const byPayer = useCall<ExportCrawlerChargesResponse>(
    policyRequests.charges(domainId, period, "payer"),
  );
  const byDay = useCall<ExportCrawlerChargesResponse>(
    policyRequests.charges(domainId, period, "day"),
  );
  return (
    <ViewFrame title="Revenue" period={period}>
      <Loaded state={byPayer}>{(data) => <PayerViews data={data} />}</Loaded>
      <h2>Charged requests per day, by payer</h2>
      <Loaded state={byDay}>
        {(data) =>
          data.rows.length > 0 ? (
            <StackedBars label="Charged requests per day by payer" data={chargedByPayer(data)} />
          ) : (
            <p class="muted">No crawler paid in this period.</p>
          )
        }
      </Loaded>
    </ViewFrame>
  );
}

function PayerViews({ data }: { data: ExportCrawlerChargesResponse }) {
  const range = `${data.startDate}-${data.endDate}`;
  return (
    <>
      <p class="big" data-testid="revenue-totals">
        {data.totals.length > 0
          ? data.totals.map((t) => `${t.currency} ${t.amount}`).join(" · ")
          : "Nothing charged"}{" "}
        <span class="muted">
          for {data.totals.reduce((n, t) => n + t.charged, 0).toLocaleString("en-US")} paid requests
        </span>
      </p>
      <DataTable
        caption={`Charges by payer, ${data.domain}, ${data.startDate} to ${data.endDate}`}
        csvName={`crawler-charges-${data.domain}-${range}`}
        rowKey={(r) => r.key}
        rows={revenueRows(data)}
        empty="No crawler paid in this period."
        columns={[
          { label: "Bot", value: (r) => r.botId },
          { label: "Signature agent", value: (r) => r.signatureAgent },
          { label: "Charged requests", value: (r) => r.charged, numeric: true },
          { label: "Amount", value: (r) => r.amount, numeric: true },
          { label: "Currency", value: (r) => r.currency },
        ]}
      />
    </>
  );
}
