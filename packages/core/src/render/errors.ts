/** Why a render produced no document. */
export type RenderFailure = "deadline" | "refused" | "network" | "browser" | "too_large";

/**
 * A render that produced no document: the deadline passed, the URL was refused (a non-public
 * address), the network or the browser failed, or the document was too large. The edge falls
 * back to the origin; the worker retries with backoff.
 */
export class RenderFailed extends Error {
  override readonly name = "RenderFailed";
  constructor(
    readonly reason: RenderFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Name-based, so it also recognises instances from another copy of the package. */
export function isRenderFailed(error: unknown): error is RenderFailed {
  return error instanceof Error && error.name === "RenderFailed";
}
