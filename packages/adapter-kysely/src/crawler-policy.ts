import { type CrawlerPolicy, crawlerPolicy, type RuleStore } from "@crawlgate/core/adapter-kit";
import type { KyselyHandle } from "./handle.js";
import { date } from "./schema.js";

/**
 * Crawler policies in SQL: one row per domain, the policy as JSON text, replaced whole by one
 * upsert (atomic on both engines). Read back through core's schema, so a policy saved by an
 * older version gets the defaults of fields added since.
 */
export function createKyselyPolicyStore({ db }: KyselyHandle) {
  return {
    async getPolicy(domainId) {
      const row = await db
        .selectFrom("crawler_policies")
        .select(["policy", "updated_at"])
        .where("domain_id", "=", domainId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        policy: crawlerPolicy.parse(JSON.parse(row.policy)),
        updatedAt: date(row.updated_at),
      };
    },
    async replacePolicy(domainId: string, policy: CrawlerPolicy, updatedAt: Date) {
      const text = JSON.stringify(policy);
      await db
        .insertInto("crawler_policies")
        .values({ domain_id: domainId, policy: text, updated_at: updatedAt.getTime() })
        .onConflict((oc) =>
          oc.column("domain_id").doUpdateSet({ policy: text, updated_at: updatedAt.getTime() }),
        )
        .execute();
      return {
        policy: JSON.parse(text) as CrawlerPolicy,
        updatedAt: new Date(updatedAt.getTime()),
      };
    },
  } satisfies Pick<RuleStore, "getPolicy" | "replacePolicy">;
}
