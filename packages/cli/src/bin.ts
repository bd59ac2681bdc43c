#!/usr/bin/env node
import { main, processIo } from "./main.js";

main(process.argv.slice(2), { ...processIo, ownsProcess: true }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${JSON.stringify({ level: "error", event: "cli.failed", error: error instanceof Error ? error.message : String(error) })}\n`,
    );
    process.exit(1);
  },
);
