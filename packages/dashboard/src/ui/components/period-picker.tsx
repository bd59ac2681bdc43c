import { PERIODS, type Period } from "../../shared/period.js";
import { useEnv, useRoute } from "../context.js";
import { routePath } from "../routes.js";

const LABELS: Record<Period, string> = {
  "1d": "Today",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "365d": "Last 365 days",
};

/** The period of the current view, kept in the URL (`?period=7d`). */
export function PeriodPicker({ period }: { period: Period }) {
  const { locator, fixedPeriod } = useEnv();
  const route = useRoute();
  return (
    <label class="picker">
      Period{" "}
      <select
        value={period}
        disabled={fixedPeriod !== null}
        onChange={(event) => {
          const query = Object.fromEntries(route.query);
          delete query.cursor;
          query.period = (event.target as HTMLSelectElement).value;
          locator.go(routePath(route.view, route.domainId, query));
        }}
      >
        {PERIODS.map((p) => (
          <option key={p} value={p}>
            {LABELS[p]}
          </option>
        ))}
      </select>
    </label>
  );
}
