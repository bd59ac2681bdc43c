import { AGGREGATE_TIERS as SERVER_TIERS } from "@crawlgate/core/adapter-kit";
import { describe, expect, it } from "vitest";
import { AGGREGATE_TIERS } from "./index.js";

describe("AGGREGATE_TIERS", () => {
  it("is the server's list, in its order", () => {
    expect(AGGREGATE_TIERS).toEqual(SERVER_TIERS);
  });
});
