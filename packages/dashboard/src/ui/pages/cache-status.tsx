import type { GetCacheStatusResponse } from "@crawlgate/client";
import { useState } from "preact/hooks";
import { type VariantStatus, variantState } from "../../shared/freshness.js";
import { requests } from "../../shared/requests.js";
import { DataTable } from "../components/data-table.js";
import { Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv, useRoute } from "../context.js";
import { routePath } from "../routes.js";
import { WarmPanel } from "./warm-panel.js";

/**
 * A page's cache status: the path to look up (kept in the URL, `?path=`), then one row per render
 * variant of the domain: cached or not, fresh or stale, when it was rendered and expires, whether
 * a re-render is queued, and its content hash. Below, the domain's warming and its progress.
 */
export function CacheStatusView({ domainId }: { domainId: string }) {
  const env = useEnv();
  const route = useRoute();
  const path = route.query.get("path") ?? "";
  const [draft, setDraft] = useState(path || "/");
  const status = useCall<GetCacheStatusResponse>(
    path ? requests.cacheStatus(domainId, path) : null,
  );
  return (
    <ViewFrame title="Cache">
      <form
        class="inline cache-lookup"
        onSubmit={(event) => {
          event.preventDefault();
          env.locator.go(routePath("cache", domainId, { path: draft.trim() || "/" }));
        }}
      >
        <label>
          Path{" "}
          <input
            name="path"
            value={draft}
            placeholder="/products/widget"
            onInput={(e) => setDraft((e.target as HTMLInputElement).value)}
          />
        </label>
        <button type="submit">Look up</button>
      </form>
      {path ? (
        <Loaded state={status}>
          {(data) => (
            <DataTable<VariantStatus>
              caption={`Cache status of ${data.path}`}
              csvName="cache-status"
              rowKey={(r) => r.variant}
              rows={data.variants}
              columns={[
                { label: "Variant", value: (r) => r.variant },
                {
                  label: "State",
                  value: (r) => variantState(r),
                  render: (r) => <span data-testid="cache-state">{variantState(r)}</span>,
                },
                { label: "Rendered at", value: (r) => r.renderedAt ?? "" },
                { label: "Expires at", value: (r) => r.expiresAt ?? "" },
                { label: "Content hash", value: (r) => r.contentHash ?? "" },
              ]}
            />
          )}
        </Loaded>
      ) : (
        <p class="muted">
          Whether the edge holds a render of a page, per device variant, and how fresh it is.
        </p>
      )}
      <WarmPanel domainId={domainId} />
    </ViewFrame>
  );
}
