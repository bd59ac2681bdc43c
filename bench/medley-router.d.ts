declare module "@medley/router" {
  /** @medley/router 0.2 ships no types; the two calls the benchmark uses. */
  export default class Router {
    register(path: string): Record<string, unknown>;
    find(path: string): { store: Record<string, unknown>; params: Record<string, string> } | null;
  }
}
