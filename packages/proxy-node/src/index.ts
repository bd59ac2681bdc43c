export type { NodeEdgeOptions } from "./node-handler.js";
export { fetchProxyResponder, nodeRequestHandler } from "./node-handler.js";
export type { AddressPolicy } from "./pinned-address.js";
export type { PinnedFetch, PinnedFetchInit, PinnedFetchOptions } from "./pinned-fetch.js";
export { createPinnedFetch } from "./pinned-fetch.js";
export type {
  PinnedProxy,
  PinnedProxyOptions,
  ProxyRequest,
  ProxyResult,
  Resolve,
} from "./pinned-proxy.js";
export { createPinnedProxy } from "./pinned-proxy.js";
