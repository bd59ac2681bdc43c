export type { DemoWorld } from "./demo.js";
export { seedDemo } from "./demo.js";
export { createJsonLogger } from "./logger.js";
export type { CliIo } from "./main.js";
export { main } from "./main.js";
export { loadOrCreateSecret } from "./secret.js";
export type { RunningServer } from "./server.js";
export { listen } from "./server.js";
export { openStores } from "./stores.js";
