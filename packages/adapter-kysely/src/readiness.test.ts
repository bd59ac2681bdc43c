import { describe, expect, it } from "vitest";
import { createKyselyReadinessCheck } from "./readiness.js";
import { freshPostgres, freshSqlite } from "./test-support/handles.js";
import { whenPostgres } from "./test-support/postgres.js";

describe("the store's readiness check", () => {
  it("SQLite: answers while open, fails once closed", async () => {
    const { handle, teardown } = await freshSqlite({ writerThread: false });
    const check = createKyselyReadinessCheck(handle);
    expect(check).toMatchObject({ name: "store", essential: true });
    await expect(check.check()).resolves.toBeUndefined();
    await teardown();
    await expect(check.check()).rejects.toThrow();
  });

  whenPostgres(() => {
    it("PostgreSQL: answers while open, fails once the pool is closed", async () => {
      const { handle, teardown } = await freshPostgres();
      const check = createKyselyReadinessCheck(handle, "postgres");
      expect(check.name).toBe("postgres");
      await expect(check.check()).resolves.toBeUndefined();
      await teardown();
      await expect(check.check()).rejects.toThrow();
    });
  });
});
