import type { GetRobotsTxtResponse as RobotsTxtPreview } from "@crawlgate/client";
import { policyRequests } from "../../shared/policy-requests.js";
import { download } from "../components/data-table.js";
import { ErrorNote } from "../components/status.js";
import { useCall } from "../context.js";

/**
 * The robots.txt the domain's host serves now: the origin's file merged with the groups the
 * crawler policy generates. A server without the preview endpoint (404 `not_found`, older than it) shows none.
 */
export function RobotsPreview({ domainId }: { domainId: string }) {
  const preview = useCall<RobotsTxtPreview>(policyRequests.robotsTxt(domainId));
  if (preview.error?.code === "not_found") return null;
  return (
    <section aria-labelledby="robots-preview-title">
      <h2 id="robots-preview-title">robots.txt served now</h2>
      {preview.error ? <ErrorNote error={preview.error} /> : null}
      {preview.data ? <PreviewBody data={preview.data} /> : null}
    </section>
  );
}

function PreviewBody({ data }: { data: RobotsTxtPreview }) {
  const blocked = data.blockedBots.map((b) =>
    b.tokens.length ? `${b.botId} (${b.tokens.join(", ")})` : `${b.botId} (no token of its own)`,
  );
  return (
    <>
      <p class="muted">
        {data.originFound ? "The origin's file" : "No robots.txt from the origin"}
        {blocked.length
          ? `, with Disallow: / for the crawlers the policy blocks everywhere: ${blocked.join("; ")}.`
          : "; the policy blocks no crawler everywhere."}{" "}
        {data.servedVersion
          ? `Last served version from ${data.servedVersion.effectiveFrom}.`
          : "Not served yet."}
      </p>
      {data.robotsTxt ? (
        <>
          <pre class="robots-txt" data-testid="robots-txt">
            {data.robotsTxt}
          </pre>
          <button
            type="button"
            onClick={() => download(`robots-${data.domain}.txt`, data.robotsTxt, "text/plain")}
          >
            Download robots.txt
          </button>
        </>
      ) : (
        <p>
          Empty: the domain has no origin URL and the policy blocks nobody, so the edge leaves
          /robots.txt to the application behind it.
        </p>
      )}
    </>
  );
}
