export type { DashboardAsset, DashboardAssets } from "./assets.js";
export { notBuiltAssets } from "./assets.js";
export { readSessionCookie, SESSION_COOKIE, sessionCookie } from "./cookie.js";
export type { Dashboard, DashboardOptions } from "./create-dashboard.js";
export { createDashboard, DASHBOARD_PREFIX, SIGNED_OUT_PATH } from "./create-dashboard.js";
export {
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SIGN_IN_LINK_MAX_TTL_MS,
  SIGN_IN_LINK_TTL_MS,
} from "./lifetimes.js";
export {
  checkSignInToken,
  httpOrigin,
  issueSignInToken,
  parseSignInToken,
} from "./sign-in-token.js";
