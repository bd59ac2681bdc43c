/** How long the dashboard's sign-in links and sessions last (docs/decisions.md, "Dashboard"). */

/** A sign-in link is valid for 15 minutes after `crawlgate dashboard-link` printed it. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
/**
 * How far the clocks of a fleet's instances may disagree: a used link is remembered this long
 * past its expiry, so an instance whose clock is behind cannot accept it a second time.
 */
export const SIGN_IN_CLOCK_SKEW_MS = 5 * 60_000;
/** A link never verifies when it claims to last longer than this (the ring signs any expiry). */
export const SIGN_IN_LINK_MAX_TTL_MS = 60 * 60_000;
/** A session ends after 12 hours without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60_000;
/** A session ends 7 days after its sign-in, however active. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60_000;
/** `lastSeenAt` is written at most once a minute per session (not on every request). */
export const SESSION_TOUCH_MS = 60_000;
