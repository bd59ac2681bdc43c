// @crawlgate/core/testing: the suites every adapter and HTTP bridge runs, and test fixtures.
export { apiSuite } from "./api/suite.js";
export { createApiWorld } from "./api/world.js";
export type { ApiSuiteOptions, ApiWorld, CallOptions, CallResult, DepsFactory, HttpBridge } from "./api/world.js";
