export { aggregateTier, DEFAULT_PATH_CAP, OVERFLOW_PATH, utcDay } from "./aggregates.js";
export type { Batcher, BatcherOptions } from "./batcher.js";
export { createBatcher } from "./batcher.js";
