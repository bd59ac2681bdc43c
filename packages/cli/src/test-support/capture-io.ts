import type { CliIo } from "../main.js";

/**
 * A CLI run's io for tests: what it printed (`lines`, `errors`), range refreshes off, and the
 * run's abort `signal` or progress `status` when given.
 */
export function captureIo(options: { signal?: AbortSignal; status?: (text: string) => void } = {}) {
  const lines: string[] = [];
  const errors: string[] = [];
  const io: CliIo = {
    out: (l) => lines.push(l),
    err: (l) => errors.push(l),
    env: { CRAWLGATE_RANGE_REFRESH: "off" },
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.status ? { status: options.status } : {}),
  };
  return { io, lines, errors };
}
