import type { Tiers } from "./types.js";

/**
 * The tiers the API counts and filters by, strongest first: the server's list (a test compares
 * them), kept here so that a browser app gets it without bundling the server.
 */
export const AGGREGATE_TIERS = [
  "verified",
  "declared",
  "unknown",
] as const satisfies readonly (keyof Tiers)[];

export type AggregateTier = (typeof AGGREGATE_TIERS)[number];
