import type { PurgeCacheResponse } from "@crawlgate/client";
import { useState } from "preact/hooks";
import { requests } from "../../shared/requests.js";
import { ErrorNote } from "../components/status.js";
import { useEnv } from "../context.js";
import type { ApiError } from "../data-source.js";
import { PurgeLive } from "./purge-live.js";

/**
 * Queues a re-render of one page, shows what the API answered, then its live status until the
 * re-render is done (live region).
 */
export function PurgeForm(props: { domain: string; domainId: string }) {
  const { source } = useEnv();
  const [path, setPath] = useState("/");
  const [answer, setAnswer] = useState<PurgeCacheResponse | null>(null);
  const [since, setSince] = useState(0);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="purge"
      aria-labelledby="purge-title"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setAnswer(null);
        setError(null);
        setSince(Date.now());
        const result = await source.call<PurgeCacheResponse>(requests.purge(props.domain, path));
        setBusy(false);
        if (result.ok) setAnswer(result.data);
        else setError(result.error);
      }}
    >
      <h2 id="purge-title">Purge a page</h2>
      <label>
        Path{" "}
        <input
          name="path"
          value={path}
          onInput={(e) => setPath((e.target as HTMLInputElement).value)}
        />
      </label>
      <div class="actions">
        <button type="submit" disabled={busy}>
          {busy ? "Purging…" : "Purge and re-render"}
        </button>
      </div>
      <div aria-live="polite" class="full">
        {answer ? (
          <p class="ok" data-testid="purge-status">
            {answer.queued ? "Queued" : "Already queued"}: {answer.path}. {answer.message}
          </p>
        ) : null}
        {answer && source.mode === "live" ? (
          <PurgeLive domain={props.domain} path={answer.path} since={since} />
        ) : null}
        {error ? <ErrorNote error={error} /> : null}
      </div>
    </form>
  );
}
