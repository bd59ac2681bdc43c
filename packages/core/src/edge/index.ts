export type { Edge, EdgeDecision, EdgeDeps, EdgeRequest } from "./create-edge.js";
export { createEdge, normalizeHost } from "./create-edge.js";
