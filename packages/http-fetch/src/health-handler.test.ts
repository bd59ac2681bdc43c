import { healthBridgeSuite } from "@crawlgate/core/testing";
import { createHealthHandler } from "./health-handler.js";

healthBridgeSuite("fetch", async (health) => {
  const handler = createHealthHandler(health);
  const notFound = () => Response.json({ error: "not_found" }, { status: 404 });
  return {
    fetch: async (path, init) =>
      (await handler(new Request(`http://crawlgate.test${path}`, init))) ?? notFound(),
    close: async () => {},
  };
});
