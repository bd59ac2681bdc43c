export type { EdgeMiddlewareOptions } from "./edge-middleware.js";
export { createEdgeMiddleware } from "./edge-middleware.js";
export { createExpressRouter } from "./express-router.js";
