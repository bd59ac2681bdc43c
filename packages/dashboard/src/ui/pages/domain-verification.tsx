import type { ListUserDomainsResponse, VerifyDomainResponse } from "@crawlgate/client";
import { useState } from "preact/hooks";
import { requests } from "../../shared/requests.js";
import { ErrorNote } from "../components/status.js";
import { useCall, useEnv } from "../context.js";
import type { ApiError } from "../data-source.js";

/**
 * The domain's ownership stage and, for its owner while it is pending, a Verify button that
 * checks the challenge and shows what to publish (a DNS TXT record or a file on the origin).
 */
export function DomainVerification(props: { domainId: string; role: string }) {
  const { source } = useEnv();
  const domains = useCall<ListUserDomainsResponse>(requests.domains());
  const [answer, setAnswer] = useState<VerifyDomainResponse | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const listed = domains.data?.domains.find((d) => d.domainId === props.domainId);
  if (!listed) return null;
  const stage = answer?.verificationStage ?? listed.verificationStage ?? "pending";
  const challenge = answer?.challenge ?? null;
  return (
    <section class="verification" aria-labelledby="verification-title">
      <h2 id="verification-title">Domain ownership</h2>
      <p data-testid="verification-stage">
        Stage: <strong>{stage}</strong>
      </p>
      {stage !== "verified" && props.role === "owner" ? (
        <button
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            const result = await source.call<VerifyDomainResponse>(requests.verify(props.domainId));
            setBusy(false);
            if (result.ok) setAnswer(result.data);
            else setError(result.error);
          }}
        >
          {busy ? "Checking…" : "Verify"}
        </button>
      ) : null}
      {stage !== "verified" && props.role !== "owner" ? (
        <p class="muted">The domain's owner can verify it.</p>
      ) : null}
      <div aria-live="polite">
        {answer ? <p data-testid="verification-message">{answer.message}</p> : null}
        {challenge ? (
          <dl class="challenge">
            <dt>DNS TXT record name</dt>
            <dd>
              <code>{challenge.dnsName}</code>
            </dd>
            <dt>DNS TXT record value</dt>
            <dd>
              <code data-testid="verification-token">{challenge.dnsValue}</code>
            </dd>
            <dt>Or a file on the origin</dt>
            <dd>
              <code>{challenge.httpPath}</code> containing the value above
            </dd>
          </dl>
        ) : null}
        {error ? <ErrorNote error={error} /> : null}
      </div>
    </section>
  );
}
