import type { Stacked } from "../../shared/aggregate.js";

/** Series colours: distinct hues, each with at least 3:1 contrast on white (WCAG 1.4.11). */
export const PALETTE = [
  "#1f5fbf",
  "#c2410c",
  "#15803d",
  "#7c3aed",
  "#b91c1c",
  "#0e7490",
  "#a16207",
  "#be185d",
  "#4b5563",
];

export const colorOf = (index: number) => PALETTE[index % PALETTE.length] as string;

/**
 * Stacked bars, one per date: an SVG with a text alternative (the totals are in the tables
 * beside it). Scales to its container's width.
 */
export function StackedBars(props: {
  data: Stacked;
  label: string;
  labels?: Record<string, string>;
}) {
  const { dates, keys, values } = props.data;
  const totals = dates.map((_, d) => keys.reduce((sum, k) => sum + (values[k]?.[d] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const width = 600;
  const height = 180;
  const step = width / Math.max(1, dates.length);
  const bar = Math.max(1, step * 0.8);
  const name = (key: string) => props.labels?.[key] ?? key;
  const summary = `${props.label}: ${totals.reduce((a, b) => a + b, 0).toLocaleString("en-US")} in total from ${dates[0] ?? "—"} to ${dates.at(-1) ?? "—"}; ${keys.map((k) => `${name(k)} ${(values[k] ?? []).reduce((a, b) => a + b, 0)}`).join(", ")}.`;
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        {dates.map((date, d) => {
          let y = height;
          return (
            <g key={date}>
              {keys.map((key, k) => {
                const h = ((values[key]?.[d] ?? 0) / max) * (height - 4);
                y -= h;
                return h > 0 ? (
                  <rect
                    key={key}
                    x={d * step + (step - bar) / 2}
                    y={y}
                    width={bar}
                    height={h}
                    fill={colorOf(k)}
                  />
                ) : null;
              })}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span class="axis">
          {dates[0]} – {dates.at(-1)} · peak {max.toLocaleString("en-US")}/day
        </span>
        <ul class="legend">
          {keys.map((key, k) => (
            <li key={key}>
              <span class="swatch" style={{ background: colorOf(k) }} aria-hidden="true" />
              {name(key)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** A small line of daily values (decorative: the row's numbers carry the information). */
export function Sparkline({ values }: { values: readonly number[] }) {
  const max = Math.max(1, ...values);
  const w = 100;
  const h = 24;
  const step = values.length > 1 ? w / (values.length - 1) : 0;
  const points = values.map(
    (v, i) => `${(i * step).toFixed(1)},${(h - 2 - (v / max) * (h - 4)).toFixed(1)}`,
  );
  return (
    <svg class="spark" viewBox={`0 0 ${w} ${h}`} width={w} height={h} aria-hidden="true">
      <polyline points={points.join(" ")} fill="none" stroke="#1f5fbf" stroke-width="1.5" />
    </svg>
  );
}

/** A horizontal share bar (verified / declared / unknown), with its numbers as text. */
export function ShareBar(props: { parts: { label: string; value: number }[] }) {
  const total = props.parts.reduce((a, p) => a + p.value, 0);
  const pct = (v: number) => (total === 0 ? 0 : Math.round((v / total) * 1000) / 10);
  return (
    <div class="share">
      <div class="share-bar" aria-hidden="true">
        {props.parts.map((p, i) => (
          <span key={p.label} style={{ width: `${pct(p.value)}%`, background: colorOf(i) }} />
        ))}
      </div>
      <ul class="legend">
        {props.parts.map((p, i) => (
          <li key={p.label}>
            <span class="swatch" style={{ background: colorOf(i) }} aria-hidden="true" />
            {p.label}: {p.value.toLocaleString("en-US")} ({pct(p.value)}%)
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Two horizontal bars per row (say crawls and referrals), each `share` (0..1) of the width, with
 * the counts as text beside them: the numbers carry the information, the bars the proportions.
 * A full bar takes 70% of the row, leaving room for its count.
 */
export function PairedBars(props: {
  label: string;
  /** The two measures, in bar order (their legend). */
  keys: readonly [string, string];
  /** Under the legend: how the bars are scaled. */
  note: string;
  rows: readonly {
    label: string;
    values: readonly [number, number];
    shares: readonly [number, number];
  }[];
}) {
  return (
    <figure class="chart paired" aria-label={props.label}>
      <ul class="pair-rows">
        {props.rows.map((row) => (
          <li key={row.label}>
            <span class="pair-label">{row.label}</span>
            <span class="pair-bars">
              {props.keys.map((key, k) => (
                <span key={key} class="pair-bar">
                  <span
                    class="pair-fill"
                    aria-hidden="true"
                    style={{
                      width: `${((row.shares[k] ?? 0) * 70).toFixed(1)}%`,
                      background: colorOf(k),
                    }}
                  />
                  <span class="pair-value">
                    {(row.values[k] ?? 0).toLocaleString("en-US")} {key}
                  </span>
                </span>
              ))}
            </span>
          </li>
        ))}
      </ul>
      <figcaption>
        <ul class="legend">
          {props.keys.map((key, k) => (
            <li key={key}>
              <span class="swatch" style={{ background: colorOf(k) }} aria-hidden="true" />
              {key}
            </li>
          ))}
        </ul>
        <span class="axis">{props.note}</span>
      </figcaption>
    </figure>
  );
}
