import { describe, expect, it } from "vitest";
import { abandonedSchemas, freshSchema, processAlive, testRunId, testRunPid } from "./services.js";

describe("test runs on a shared PostgreSQL", () => {
  it("names schemas with the run's PID and reads it back", () => {
    const run = testRunId(4242);
    expect(run).toMatch(/^4242p[0-9a-f]{6}$/);
    const saved = process.env.CRAWLGATE_TEST_RUN;
    process.env.CRAWLGATE_TEST_RUN = run;
    try {
      expect(testRunPid(freshSchema())).toBe(4242);
      expect(testRunPid(freshSchema("cg_fleet_redis"))).toBe(4242);
    } finally {
      process.env.CRAWLGATE_TEST_RUN = saved;
    }
    expect(testRunPid("cg_test_rlocal_0123456789ab")).toBeNull();
    expect(testRunPid("cg_test_r1a2b3c4d_0123456789ab")).toBeNull();
    expect(testRunPid("public")).toBeNull();
    expect(testRunPid("app_r12p123456_0123456789ab")).toBeNull();
  });

  it("drops only the schemas of runs whose process is gone", () => {
    const schemas = [
      "cg_test_r100p0a0a0a_0123456789ab",
      "cg_cli_r200p0b0b0b_0123456789ab",
      "cg_test_r1a2b3c4d_0123456789ab",
      "cg_test_rlocal_0123456789ab",
    ];
    expect(abandonedSchemas(schemas, (pid) => pid === 100)).toEqual([
      "cg_cli_r200p0b0b0b_0123456789ab",
    ]);
  });

  it("tells a live process from one that is gone", () => {
    expect(processAlive(process.pid)).toBe(true);
    // Above Linux's largest pid_max (2^22): no such process.
    expect(processAlive(4_194_305)).toBe(false);
  });
});
