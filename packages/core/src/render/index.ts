export type { DeclaredResponse } from "./declared.js";
export { declaredResponse } from "./declared.js";
export type { RenderFailure } from "./errors.js";
export { isRenderFailed, RenderFailed } from "./errors.js";
export type { FetchRendererOptions } from "./fetch-renderer.js";
export {
  createFetchRenderer,
  DEFAULT_RENDER_MAX_BYTES,
  readBodyCapped,
} from "./fetch-renderer.js";
