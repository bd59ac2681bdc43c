import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GENERATED_FILE, generatedTypes } from "../scripts/openapi-types.js";

describe("src/generated/openapi.ts", () => {
  it("is what openapi-typescript generates from the current OpenAPI document", async () => {
    expect(
      readFileSync(GENERATED_FILE, "utf8"),
      "run `pnpm --filter @crawlgate/client generate` and commit the result",
    ).toBe(await generatedTypes());
  });
});
