import { afterEach, beforeEach } from "vitest";
import type { CrawlgateConfig } from "../../crawlgate.js";
import { type ApiSuiteOptions, type ApiWorld, createApiWorld } from "./world.js";

/** A fresh world for every test of the enclosing `describe` (tests never share state). */
export function useWorld(options: ApiSuiteOptions, config: CrawlgateConfig = {}): () => ApiWorld {
  let world: ApiWorld | undefined;
  beforeEach(async () => {
    world = await createApiWorld(options, config);
  });
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });
  return () => {
    if (!world) throw new Error("world used outside a test");
    return world;
  };
}
