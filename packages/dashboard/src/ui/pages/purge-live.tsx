import { useEffect, useState } from "preact/hooks";
import { useEnv } from "../context.js";
import { describePurge, MAX_POLLS, POLL_MS, type PurgeProgress } from "./purge-progress.js";

/** Polls the purge status of `path` until it is no longer pending (live region). */
export function PurgeLive(props: { domain: string; path: string; since: number }) {
  const { source } = useEnv();
  const [progress, setProgress] = useState<PurgeProgress | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (round: number) => {
      const result = await source.purgeStatus(props.domain, props.path);
      if (!live || !result.ok) return;
      const next = describePurge(result.data, props.since);
      setProgress(next);
      if (next.state === "pending" && round < MAX_POLLS) {
        timer = setTimeout(() => poll(round + 1), POLL_MS);
      }
    };
    poll(1);
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [source, props.domain, props.path, props.since]);
  if (!progress) return null;
  return (
    <p class={progress.state === "pending" ? "" : "ok"} data-testid="purge-live">
      {progress.text}
    </p>
  );
}
