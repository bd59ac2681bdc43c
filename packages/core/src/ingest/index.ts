export type { Batcher, BatcherOptions } from "./batcher.js";
export { createBatcher } from "./batcher.js";
