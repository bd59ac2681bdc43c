export { createFetchHandler } from "./fetch-handler.js";
export type { FetchHandler } from "./fetch-handler.js";
