import { makeReferral } from "@crawlgate/core/testing";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createKyselyReferralStore } from "./referral-store.js";
import { freshPostgres, type TestDatabase } from "./test-support/handles.js";
import { whenPostgres } from "./test-support/postgres.js";

whenPostgres(() => {
  describe("Kysely ReferralStore on PostgreSQL", () => {
    let t: TestDatabase;
    beforeEach(async () => {
      t = await freshPostgres();
    });
    afterEach(async () => {
      await t.teardown();
    });

    it("ranks ties in byte order whatever the column's collation", async () => {
      // A linguistic collation puts "/a" before "/B"; byte order puts "/B" (0x42) first.
      await sql`alter table referral_path_day alter column path type text collate "en-x-icu"`.execute(
        t.handle.db,
      );
      const referrals = createKyselyReferralStore(t.handle);
      const d = "00000000-0000-4000-8000-0000000000d1";
      await referrals.appendReferrals(
        [makeReferral(d, { path: "/a" }), makeReferral(d, { path: "/B" })],
        { pathCap: 10 },
      );
      expect(
        (await referrals.topLandingPaths(d, "2026-11-20", "2026-11-20", 1)).map((p) => p.path),
      ).toEqual(["/B"]);
    });
  });
});
