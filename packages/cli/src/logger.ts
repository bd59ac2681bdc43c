import type { Logger } from "@crawlgate/core";

/** JSON-lines logger: one object per event, with a timestamp and level. */
export function createJsonLogger(
  write: (line: string) => void = (line) => process.stderr.write(line),
): Logger {
  const log =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      write(`${JSON.stringify({ ts: new Date().toISOString(), level, event, ...fields })}\n`);
    };
  return { info: log("info"), warn: log("warn"), error: log("error") };
}
