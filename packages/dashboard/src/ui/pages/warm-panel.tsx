import type { WarmCacheResponse } from "@crawlgate/client";
import { useEffect, useState } from "preact/hooks";
import { requests } from "../../shared/requests.js";
import {
  describeWarmAnswer,
  describeWarmStatus,
  WARM_MAX_POLLS,
  WARM_POLL_MS,
} from "../../shared/warm-progress.js";
import { ErrorNote } from "../components/status.js";
import { useEnv } from "../context.js";
import type { ApiError, WarmStatus } from "../data-source.js";

/**
 * The domain's warming: renders waiting per lane and this hour's budget, read again every few
 * seconds while warm renders wait (the progress of a warm), and a button that warms the cache
 * from the domain's sitemaps (`warm-cache`, owners and managers) and says what it queued. Live
 * dashboards only.
 */
export function WarmPanel(props: { domainId: string }) {
  const { source } = useEnv();
  const [status, setStatus] = useState<WarmStatus | null>(null);
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<WarmCacheResponse | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (source.mode !== "live") return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (count: number) => {
      const result = await source.warmStatus(props.domainId);
      if (!live) return;
      if (!result.ok) return setError(result.error);
      setStatus(result.data);
      if (result.data.pendingRenders.warm > 0 && count < WARM_MAX_POLLS) {
        timer = setTimeout(() => poll(count + 1), WARM_POLL_MS);
      }
    };
    poll(1);
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [source, props.domainId, round]);
  if (source.mode !== "live") return null;
  const described = status ? describeWarmStatus(status) : null;
  return (
    <section class="warm" aria-labelledby="warm-title">
      <h2 id="warm-title">Warming</h2>
      <div aria-live="polite" data-testid="warm-status">
        {described?.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      {status && status.role !== "viewer" ? (
        <form
          class="inline"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!status) return;
            setBusy(true);
            setAnswer(null);
            setError(null);
            const result = await source.call<WarmCacheResponse>(requests.warm(status.hostname));
            setBusy(false);
            if (result.ok) setAnswer(result.data);
            else setError(result.error);
            setRound((r) => r + 1);
          }}
        >
          <button type="submit" disabled={busy || !status}>
            {busy ? "Reading sitemaps…" : "Warm from sitemaps"}
          </button>
        </form>
      ) : null}
      <div aria-live="polite">
        {answer
          ? describeWarmAnswer(answer).map((line, i) => (
              <p key={line} class={i === 0 ? "ok" : "error"} data-testid="warm-answer">
                {line}
              </p>
            ))
          : null}
        {error ? <ErrorNote error={error} /> : null}
      </div>
    </section>
  );
}
