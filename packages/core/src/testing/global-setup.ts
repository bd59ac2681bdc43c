import { nameTestRun } from "./services.js";

/** The root Vitest config's global setup: see `nameTestRun`. */
export default nameTestRun;
