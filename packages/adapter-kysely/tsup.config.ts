import { packageBuild } from "../../tsup.base";

// One entry per engine (each imports its driver; the root imports none), and the SQLite writer
// thread's own entry (a `worker_threads` script loaded from next to `sqlite/index`).
export default packageBuild([
  "src/index.ts",
  "src/sqlite/index.ts",
  "src/postgres/index.ts",
  "src/sqlite/writer-worker.ts",
]);
