export type { FetchHandler } from "./fetch-handler.js";
export { createFetchHandler } from "./fetch-handler.js";
