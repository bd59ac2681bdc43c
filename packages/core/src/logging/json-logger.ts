import type { Logger } from "../ports/index.js";

/**
 * A JSON-lines logger: one object per event (`ts`, `level`, `event`, then the event's fields),
 * handed to `write` without a line break. The default writes to the runtime's console error
 * stream (stderr on Node, Deno and Bun; the log stream in workers), so core needs no I/O of its own.
 */
export function createJsonLogger(
  write: (line: string) => void = (line) => console.error(line),
): Logger {
  const log =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      write(JSON.stringify({ ts: new Date().toISOString(), level, event, ...fields }));
    };
  return { info: log("info"), warn: log("warn"), error: log("error") };
}
