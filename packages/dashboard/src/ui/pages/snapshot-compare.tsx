import type { ExportPageSnapshotsResponse, GetSnapshotResponse } from "@crawlgate/client";
import { useState } from "preact/hooks";
import { diffLines, htmlLines } from "../../shared/diff.js";
import { previewDocument } from "../../shared/preview.js";
import { pageUrlOf, withBaseUrl } from "../../shared/preview-base.js";
import { requests } from "../../shared/requests.js";
import { Loaded } from "../components/status.js";
import { useCall } from "../context.js";

/** The versions seen, newest first, each with the days it was served. */
function versions(
  data: ExportPageSnapshotsResponse,
  rows: { day: string; snapshotId: string | null }[],
) {
  const days = new Map<string, { first: string; last: string }>();
  for (const row of rows) {
    if (!row.snapshotId) continue;
    const seen = days.get(row.snapshotId);
    days.set(row.snapshotId, {
      first: seen && seen.first < row.day ? seen.first : row.day,
      last: seen && seen.last > row.day ? seen.last : row.day,
    });
  }
  return [...days.entries()]
    .map(([id, span]) => ({ id, ...span, hash: data.snapshots[id]?.contentHash ?? id }))
    .sort((a, b) => (a.last < b.last ? 1 : a.last > b.last ? -1 : a.id < b.id ? -1 : 1));
}

/**
 * Preview of one version (sandboxed frame, no scripts, a policy that forbids every fetch;
 * relative links resolve against the page's own URL, not the dashboard's) and a line diff
 * against another.
 */
export function SnapshotCompare(props: {
  data: ExportPageSnapshotsResponse;
  rows: { day: string; snapshotId: string | null }[];
}) {
  const list = versions(props.data, props.rows);
  const [shown, setShown] = useState(list[0]?.id ?? "");
  const [other, setOther] = useState(list[1]?.id ?? "");
  const html = useCall<GetSnapshotResponse>(shown ? requests.snapshotHtml(shown) : null);
  const otherHtml = useCall<GetSnapshotResponse>(other ? requests.snapshotHtml(other) : null);
  if (list.length === 0)
    return <p class="muted">No stored versions of this page in this period.</p>;
  const option = (v: (typeof list)[number]) => (
    <option key={v.id} value={v.id}>
      {v.hash.slice(0, 10)} ({v.first === v.last ? v.first : `${v.first} to ${v.last}`})
    </option>
  );
  return (
    <>
      <h2>Versions</h2>
      <div class="filters">
        <label class="picker">
          Preview{" "}
          <select value={shown} onChange={(e) => setShown((e.target as HTMLSelectElement).value)}>
            {list.map(option)}
          </select>
        </label>
        <label class="picker">
          Compare with{" "}
          <select value={other} onChange={(e) => setOther((e.target as HTMLSelectElement).value)}>
            <option value="">(none)</option>
            {list.map(option)}
          </select>
        </label>
      </div>
      <Loaded state={html}>
        {(snapshot) => (
          <iframe
            class="preview"
            title="Rendered preview of the selected version (scripts disabled)"
            sandbox=""
            srcdoc={previewDocument(
              withBaseUrl(snapshot.html, pageUrlOf(props.data.domain, props.data.path)),
            )}
          />
        )}
      </Loaded>
      {other ? (
        <Loaded state={otherHtml}>
          {(base) => (html.data ? <Diff before={base.html} after={html.data.html} /> : null)}
        </Loaded>
      ) : null}
    </>
  );
}

function Diff(props: { before: string; after: string }) {
  const lines = diffLines(htmlLines(props.before), htmlLines(props.after));
  const changed = lines.filter((l) => l.kind !== "same").length;
  return (
    <>
      <h2>Differences</h2>
      <p class="muted">
        {changed === 0 ? "The two versions have the same markup." : `${changed} changed lines.`}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes keyboard focus so that keys scroll it */}
      <section class="diff" tabIndex={0} aria-label="Line differences between the two versions">
        <pre>
          {lines.map((line, i) => (
            <span key={i} class={`diff-${line.kind}`}>
              {line.kind === "add" ? "+ " : line.kind === "del" ? "- " : "  "}
              {line.text}
              {"\n"}
            </span>
          ))}
        </pre>
      </section>
    </>
  );
}
