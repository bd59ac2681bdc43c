/** Every API path starts with this (spec: `/functions/v1/`). */
export const API_PREFIX = "/functions/v1";
