import { packageBuild } from "../../tsup.base";

// The SQLite writer thread's entry is a file of its own (a `worker_threads` script).
export default packageBuild(["src/index.ts", "src/sqlite-writer-worker.ts"]);
