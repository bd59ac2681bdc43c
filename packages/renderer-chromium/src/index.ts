export type { ChromiumRenderer, ChromiumRendererOptions } from "./chromium-renderer.js";
export { createChromiumRenderer } from "./chromium-renderer.js";
export { findChromium, KNOWN_CHROMIUM_PATHS } from "./find-chromium.js";
export type { PageFetch } from "./page-network.js";
