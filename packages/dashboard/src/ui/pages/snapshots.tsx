import type { ExportPageSnapshotsResponse, GetBotDefinitionsResponse } from "@crawlgate/client";
import { useState } from "preact/hooks";
import { requests } from "../../shared/requests.js";
import { DataTable } from "../components/data-table.js";
import { Link } from "../components/link.js";
import { Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv, useRoute } from "../context.js";
import { periodOf } from "../period-of.js";
import { routePath } from "../routes.js";
import { SnapshotCompare } from "./snapshot-compare.js";

/** One row of the history: which bot got which version of the page on which day. */
interface Served {
  key: string;
  day: string;
  botId: string;
  servedFrom: string;
  snapshotId: string | null;
  total: number;
}

/** Flattens the per-day, per-bot `served` entries into table rows. */
export function servedRows(data: ExportPageSnapshotsResponse): Served[] {
  return data.rows.flatMap((row) =>
    Object.entries(row.bots).flatMap(([botId, bot]) =>
      bot.served.map((s) => ({
        key: `${row.day}|${botId}|${s.servedFrom}|${s.snapshotId}`,
        day: row.day,
        botId,
        servedFrom: s.servedFrom,
        snapshotId: s.snapshotId,
        total: s.total,
      })),
    ),
  );
}

/** A page's snapshot history, a sandboxed preview of each version, and a diff of two. */
export function Snapshots({ domainId }: { domainId: string }) {
  const env = useEnv();
  const route = useRoute();
  const period = periodOf(env, route);
  const path = route.query.get("path") ?? "/";
  const [draft, setDraft] = useState(path);
  const history = useCall<ExportPageSnapshotsResponse>(requests.snapshots(domainId, period, path));
  const definitions = useCall<GetBotDefinitionsResponse>(requests.definitions());
  const names = new Map(definitions.data?.bots.map((b) => [b.botId, b.displayName]) ?? []);
  return (
    <ViewFrame title="Snapshot history" period={period}>
      <form
        class="inline"
        onSubmit={(event) => {
          event.preventDefault();
          env.locator.go(routePath("snapshots", domainId, { period, path: draft }));
        }}
      >
        <label>
          Page path{" "}
          <input value={draft} onInput={(e) => setDraft((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit">Show</button>
      </form>
      <p>
        <Link to={routePath("page", domainId, { period, path })}>Crawls of this page</Link>
      </p>
      <Loaded state={history}>
        {(data) => {
          const rows = servedRows(data);
          const short = (id: string | null) =>
            id ? (data.snapshots[id]?.contentHash ?? id).slice(0, 10) : "—";
          return (
            <>
              <SnapshotCompare data={data} rows={rows} />
              <DataTable
                caption={`What each bot was served for ${data.path}, newest first`}
                csvName={`snapshots-${data.domain}-${data.startDate}-${data.endDate}`}
                rowKey={(r) => r.key}
                rows={[...rows].reverse()}
                empty="No crawls of this page in this period."
                limit={50}
                columns={[
                  { label: "Day", value: (r) => r.day },
                  { label: "Bot", value: (r) => names.get(r.botId) ?? r.botId },
                  { label: "Served from", value: (r) => r.servedFrom },
                  { label: "Version", value: (r) => short(r.snapshotId) },
                  { label: "Crawls", value: (r) => r.total, numeric: true },
                ]}
              />
            </>
          );
        }}
      </Loaded>
    </ViewFrame>
  );
}
