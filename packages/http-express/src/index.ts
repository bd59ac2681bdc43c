export type { DashboardRouterOptions } from "./dashboard-router.js";
export { createDashboardRouter } from "./dashboard-router.js";
export type { EdgeMiddlewareOptions } from "./edge-middleware.js";
export { createEdgeMiddleware } from "./edge-middleware.js";
export type { ExpressRouterOptions } from "./express-router.js";
export { createExpressRouter } from "./express-router.js";
export { createHealthRouter } from "./health-router.js";
