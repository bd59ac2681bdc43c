import { ACCOUNT_COMMANDS } from "./accounts.js";
import type { Command } from "./command.js";
import { DASHBOARD_LINK } from "./dashboard-link.js";
import { DAY_CLOSE } from "./day-close.js";
import { IMPORT_LOGS } from "./import-logs.js";
import { RANGES_REFRESH, RANGES_STATUS } from "./ranges.js";
import { REPORT } from "./report.js";
import { SERVE } from "./serve.js";
import { WARM } from "./warm.js";
import { WORKER } from "./worker.js";

/** Every command of the `crawlgate` binary, in the order of the usage text. */
export const COMMANDS: readonly Command[] = [
  SERVE,
  WORKER,
  ...ACCOUNT_COMMANDS,
  DASHBOARD_LINK,
  IMPORT_LOGS,
  RANGES_REFRESH,
  RANGES_STATUS,
  DAY_CLOSE,
  REPORT,
  WARM,
];
