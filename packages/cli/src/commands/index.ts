import { ACCOUNT_COMMANDS } from "./accounts.js";
import type { Command } from "./command.js";
import { DAY_CLOSE } from "./day-close.js";
import { IMPORT_LOGS } from "./import-logs.js";
import { SERVE } from "./serve.js";
import { WORKER } from "./worker.js";

/** Every command of the `crawlgate` binary, in the order of the usage text. */
export const COMMANDS: readonly Command[] = [
  SERVE,
  WORKER,
  ...ACCOUNT_COMMANDS,
  IMPORT_LOGS,
  DAY_CLOSE,
];
