import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CrawlgateError } from "../../errors.js";
import { resolveWindow, STANDARD_WINDOW } from "../../window/window.js";
import { parseBody } from "../validate.js";
import { requestWindow } from "./export-scope.js";
import { windowedBody } from "./window-fields.js";

const NOW = new Date("2026-11-20T10:00:00.000Z");
const TODAY = "2026-11-20";

const value = fc.oneof(
  fc.constantFrom("1d", "7d", "30d", "90d", "365d", "14d", "", "7D"),
  fc.constantFrom(
    "2026-11-01",
    "2026-11-20",
    "2026-11-21",
    "2025-01-01",
    "2026-02-30",
    "2026-13-01",
  ),
  fc
    .date({ min: new Date("2025-06-01"), max: new Date("2027-01-01"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(null, 7, true, [], {}, ["7d"]),
);

const body = fc.record({ period: value, startDate: value, endDate: value }, { requiredKeys: [] });

/** What a body answers: the window, or the message of its 400. */
function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    if (error instanceof CrawlgateError) return error.extras.message;
    throw error;
  }
}

describe("window fields", () => {
  it("answer every window body as the shared window rules do, in their order of checks", () => {
    const schema = windowedBody(STANDARD_WINDOW, {}, {});
    fc.assert(
      fc.property(body, (sent) => {
        const rules = resolveWindow(sent, TODAY, STANDARD_WINDOW);
        const expected = rules.ok ? rules.value : rules.message;
        expect(outcome(() => requestWindow(parseBody(schema, sent), NOW, STANDARD_WINDOW))).toEqual(
          expected,
        );
      }),
      { numRuns: 2000 },
    );
  });
});
