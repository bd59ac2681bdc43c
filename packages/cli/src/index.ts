export { main } from "./main.js";
export type { CliIo } from "./main.js";
export { listen } from "./server.js";
export type { RunningServer } from "./server.js";
export { seedDemo } from "./demo.js";
export type { DemoWorld } from "./demo.js";
export { openStores } from "./stores.js";
export { loadOrCreateSecret } from "./secret.js";
export { createJsonLogger } from "./logger.js";
