export type { DashboardHandlerOptions } from "./dashboard-handler.js";
export { createDashboardHandler } from "./dashboard-handler.js";
export type { EdgeHandlerOptions } from "./edge-handler.js";
export { createEdgeHandler } from "./edge-handler.js";
export type { FetchHandler, FetchHandlerOptions } from "./fetch-handler.js";
export { createFetchHandler } from "./fetch-handler.js";
export { createHealthHandler } from "./health-handler.js";
export type { OtherHostHandler, OwnHostSource } from "./own-host.js";
