/**
 * Progress of `import-logs` on stderr: on a terminal (`status` given) one bar redrawn in place
 * with lines/s and an ETA from the bytes read; otherwise a plain line about every two seconds.
 */
export interface ProgressSink {
  /** A whole line (plain mode, and the final line in both modes). */
  line(text: string): void;
  /** Redraws the status line in place; absent when stderr is not a terminal. */
  status?: (text: string) => void;
}

const WIDTH = 24;

function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
}

/** The bar text: `[#####-----]  42% 120000 lines 61000/s ETA 3s` (no ETA when the size is unknown). */
export function progressBar(lines: number, seconds: number, read: number, total: number | null) {
  const rate = Math.round(lines / Math.max(0.001, seconds));
  if (total === null || total <= 0) return `${lines} lines ${rate}/s`;
  const share = Math.min(1, read / total);
  const filled = Math.round(share * WIDTH);
  const eta = share > 0 ? (seconds / share) * (1 - share) : 0;
  const percent = String(Math.floor(share * 100)).padStart(3);
  return `[${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${percent}% ${lines} lines ${rate}/s ETA ${duration(eta)}`;
}

export function createProgress(sink: ProgressSink, now: () => number = Date.now) {
  const started = now();
  let last = Number.NEGATIVE_INFINITY; // the first line draws at once
  return {
    /** Called per line; draws at most every 200 ms (bar) or 2 s (plain). */
    tick(lines: number, recorded: number, read: number, total: number | null) {
      const t = now();
      if (t - last < (sink.status ? 200 : 2000)) return;
      last = t;
      const seconds = (t - started) / 1000;
      if (sink.status) sink.status(progressBar(lines, seconds, read, total));
      else
        sink.line(
          `imported ${lines} lines (${Math.round(lines / Math.max(0.001, seconds))}/s), ${recorded} crawls recorded`,
        );
    },
    done(lines: number, recorded: number) {
      const seconds = (now() - started) / 1000;
      if (sink.status) sink.status("");
      sink.line(
        `imported ${lines} lines in ${seconds.toFixed(1)}s (${Math.round(lines / Math.max(0.001, seconds))}/s), ${recorded} crawls recorded`,
      );
    },
  };
}
