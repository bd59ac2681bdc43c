import type {
  CrawlerPolicy,
  GetBotDefinitionsResponse,
  GetCrawlerPolicyResponse,
  ListUserDomainsResponse,
  ReplaceCrawlerPolicyResponse,
} from "@crawlgate/client";
import { useState } from "preact/hooks";
import { describeAction, describeMatch, describeX402 } from "../../shared/policy-form.js";
import { policyRequests } from "../../shared/policy-requests.js";
import { requests } from "../../shared/requests.js";
import { DataTable } from "../components/data-table.js";
import { Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv } from "../context.js";
import { PolicyEditor } from "./policy-editor.js";
import { SignalFacts } from "./policy-signal-fields.js";

/** A domain's crawler policy: the saved rules for every role, the editor for owners and managers. */
export function CrawlerPolicyView({ domainId }: { domainId: string }) {
  const { source } = useEnv();
  const policy = useCall<GetCrawlerPolicyResponse>(policyRequests.policy(domainId));
  const domains = useCall<ListUserDomainsResponse>(requests.domains());
  const definitions = useCall<GetBotDefinitionsResponse>(requests.definitions());
  const [saved, setSaved] = useState<ReplaceCrawlerPolicyResponse | null>(null);
  const domain = domains.data?.domains.find((d) => d.domainId === domainId);
  const canEdit = domain?.role === "owner" || domain?.role === "manager";
  const save = async (body: CrawlerPolicy) => {
    const result = await source.call<ReplaceCrawlerPolicyResponse>({
      ...policyRequests.policy(domainId),
      method: "PUT",
      body: body as unknown as Record<string, unknown>,
    });
    if (!result.ok) return result.error;
    setSaved(result.data);
    policy.reload();
    return null;
  };
  return (
    <ViewFrame title="Crawler policy">
      <Loaded state={policy}>
        {(data) => (
          <>
            <p class="muted">
              {domain ? `${domain.domain} · your role: ${domain.role}` : null}
              {domain && !canEdit ? " (read only: an owner or manager can change the policy)" : ""}
              {data.updatedAt ? ` · saved ${data.updatedAt}` : " · never saved (the default)"}
            </p>
            <div aria-live="polite">
              {saved ? (
                <p class="ok" data-testid="policy-saved">
                  Policy saved. Edge settings refreshed (cacheInvalidated:{" "}
                  {String(saved.cacheInvalidated)}):{" "}
                  {saved.cacheInvalidated
                    ? "the next request meets the new policy."
                    : "the edge applies it when its cached settings expire."}
                </p>
              ) : null}
            </div>
            <PolicySummary policy={data.policy} domain={domain?.domain ?? domainId} />
            {canEdit ? (
              <PolicyEditor
                key={data.updatedAt ?? "default"}
                initial={data.policy}
                definitions={definitions.data}
                save={save}
              />
            ) : null}
          </>
        )}
      </Loaded>
    </ViewFrame>
  );
}

/**
 * The saved policy as a table (match order) and its facts: default action, switches, receiver,
 * content signals and licence.
 */
function PolicySummary({ policy, domain }: { policy: CrawlerPolicy; domain: string }) {
  const rows = policy.rules.map((rule, i) => ({ n: i + 1, ...rule }));
  return (
    <>
      <DataTable
        caption="Rules, in match order (the first that matches a crawler decides)"
        csvName={`crawler-policy-${domain}`}
        rowKey={(r) => String(r.n)}
        rows={rows}
        empty="No rules: every crawler meets the default action."
        columns={[
          { label: "#", value: (r) => r.n, numeric: true },
          { label: "Match", value: (r) => describeMatch(r.match) },
          { label: "Path", value: (r) => r.path ?? "every path" },
          { label: "Action", value: (r) => describeAction(r.action) },
        ]}
      />
      <dl class="policy-facts">
        <dt>Default action</dt>
        <dd data-testid="policy-default">{describeAction(policy.defaultAction)}</dd>
        <dt>Impostor protection</dt>
        <dd>
          {policy.impostorProtection
            ? "On: unverified claims of a verifiable bot count as the unknown bot (blocks and charges of the claimed bot still apply)"
            : "Off: a claimed bot is taken at its word"}
        </dd>
        <dt>In-band pricing</dt>
        <dd data-testid="policy-in-band">
          {policy.inBandPricing
            ? "On: the origin's crawler-price header prices its pages"
            : "Off: the rules' prices apply"}
        </dd>
        <dt>x402 receiver</dt>
        <dd data-testid="policy-x402">{describeX402(policy.x402)}</dd>
        <SignalFacts policy={policy} />
      </dl>
    </>
  );
}
