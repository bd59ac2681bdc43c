export type { Edge, EdgeDecision, EdgeDeps, EdgeRequest, PlaneDeps } from "./create-edge.js";
export { createEdge } from "./create-edge.js";
export type { EdgeForwarded, EdgeHttpRequest, EdgeResponse, ServedOutcome } from "./data-plane.js";
export type { EdgeOptions } from "./options.js";
export { DEFAULT_EDGE } from "./options.js";
export type { PageKey } from "./page-key.js";
export { MAX_PAGE_KEY, pageKey, variantKey, variantOfKey } from "./page-key.js";
export type {
  PageBody,
  PageService,
  PageSite,
  PageTarget,
  StoreOutcome,
} from "./page-service.js";
export {
  CACHEABLE_STATUSES,
  createPageService,
  MOBILE_RENDER_USER_AGENT,
  RENDER_MARKER_HEADER,
  RENDER_USER_AGENT,
} from "./page-service.js";
export type { ReadRequest } from "./request.js";
export { readEdgeRequest } from "./request.js";
export type { RobotsPreview, RobotsSite, RobotsTxt } from "./robots-txt.js";
export type { RuleMatch } from "./route.js";
export type { SignalHeaders, SignalHeadersOf } from "./signal-headers.js";
export { compileSignalHeaders, signalHeaderValues } from "./signal-headers.js";
export type { SignedAgent, SignedAgents } from "./signed-agent.js";
export { createSignedAgents } from "./signed-agent.js";
export { hostOfHeader } from "./site-settings.js";
