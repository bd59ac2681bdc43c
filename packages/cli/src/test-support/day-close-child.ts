/**
 * A separate process for the day-close crash test: closes the archive of the SQLite database
 * and blob directory under `<dataDir>` as of `<now>` with parts of `<partRows>` rows, printing
 * `closed <day>` after each domain-day, so the parent can SIGKILL it at any point.
 * Usage: day-close-child.ts <dataDir> <now> <partRows>
 */
import { closeArchive } from "@crawlgate/core";
import { openStores } from "../stores.js";

const [dataDir, now, partRows] = process.argv.slice(2) as [string, string, string];
const stores = await openStores({
  dataDir,
  databaseUrl: undefined,
  databaseSchema: undefined,
  s3: null,
});
process.stdout.write("ready\n");
await closeArchive(stores.deps, new Date(now), {
  partRows: Number(partRows),
  holder: "child",
  onProgress: ({ day }) => process.stdout.write(`closed ${day}\n`),
});
process.stdout.write("done\n");
await stores.close();
