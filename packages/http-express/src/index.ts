export { createExpressRouter } from "./express-router.js";
