/**
 * Every API path starts with this (spec: `/functions/v1/`). The client package declares its own
 * copy (`client/src/transport.ts`): it depends on no crawlgate package.
 */
export const API_PREFIX = "/functions/v1";
