import type { RedirectCode, RoutingRule, RuleStore, RuleType } from "@crawlgate/core/adapter-kit";
import type { Kysely, Selectable } from "kysely";
import { createKyselyPolicyStore } from "./crawler-policy.js";
import type { KyselyHandle } from "./handle.js";
import { type Database, date } from "./schema.js";
import { isUniqueViolation } from "./unique-violation.js";

const toRule = (r: Selectable<Database["routing_rules"]>): RoutingRule => ({
  ruleId: r.rule_id,
  domainId: r.domain_id,
  sourcePath: r.source_path,
  targetUrl: r.target_url,
  ruleType: r.rule_type as RuleType,
  redirectCode: r.redirect_code as RedirectCode | null,
  priority: Number(r.priority),
  isActive: Number(r.is_active) === 1,
  notes: r.notes,
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
});

const columns = (rule: RoutingRule, sourceKey: string) => ({
  source_path: rule.sourcePath,
  source_key: sourceKey,
  target_url: rule.targetUrl,
  rule_type: rule.ruleType,
  redirect_code: rule.redirectCode,
  priority: rule.priority,
  is_active: rule.isActive ? 1 : 0,
  notes: rule.notes,
  updated_at: rule.updatedAt.getTime(),
});

/**
 * Routing rules in SQL. Writes run in a transaction that first locks the domain row
 * (PostgreSQL `FOR UPDATE`; SQLite serialises transactions on its one connection), so the plan
 * limit and sourcePath uniqueness hold under concurrent writers. The unique index on
 * (domain_id, source_key) is the backstop. Crawler policies: `crawler-policy.ts`.
 */
export function createKyselyRuleStore(handle: KyselyHandle) {
  const { db, lockRows } = handle;
  const lockDomain = async (trx: Kysely<Database>, domainId: string) => {
    const query = trx.selectFrom("domains").select("domain_id").where("domain_id", "=", domainId);
    await lockRows(query).execute();
  };
  const keyTaken = async (
    trx: Kysely<Database>,
    domainId: string,
    sourceKey: string,
    except?: string,
  ) => {
    let query = trx
      .selectFrom("routing_rules")
      .select("rule_id")
      .where("domain_id", "=", domainId)
      .where("source_key", "=", sourceKey);
    if (except) query = query.where("rule_id", "!=", except);
    return (await query.executeTakeFirst()) !== undefined;
  };

  return {
    async listRules(domainId) {
      const rows = await db
        .selectFrom("routing_rules")
        .selectAll()
        .where("domain_id", "=", domainId)
        .orderBy("priority", "desc")
        .orderBy("created_at", "asc")
        .orderBy("rule_id", "asc")
        .execute();
      return rows.map(toRule);
    },
    async countRules(domainId) {
      const row = await db
        .selectFrom("routing_rules")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("domain_id", "=", domainId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async getRule(domainId, ruleId) {
      const row = await db
        .selectFrom("routing_rules")
        .selectAll()
        .where("domain_id", "=", domainId)
        .where("rule_id", "=", ruleId)
        .executeTakeFirst();
      return row ? toRule(row) : null;
    },
    async createRule(rule, sourceKey, limit) {
      try {
        return await db.transaction().execute(async (trx) => {
          await lockDomain(trx, rule.domainId);
          if (limit !== null) {
            const row = await trx
              .selectFrom("routing_rules")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("domain_id", "=", rule.domainId)
              .executeTakeFirstOrThrow();
            if (Number(row.n) >= limit) return { ok: false, reason: "rule_limit_reached" } as const;
          }
          if (await keyTaken(trx, rule.domainId, sourceKey)) {
            return { ok: false, reason: "duplicate_source_path" } as const;
          }
          await trx
            .insertInto("routing_rules")
            .values({
              rule_id: rule.ruleId,
              domain_id: rule.domainId,
              created_at: rule.createdAt.getTime(),
              ...columns(rule, sourceKey),
            })
            .execute();
          return { ok: true, rule } as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: "duplicate_source_path" };
        throw error;
      }
    },
    async updateRule(rule, sourceKey) {
      try {
        return await db.transaction().execute(async (trx) => {
          await lockDomain(trx, rule.domainId);
          const current = await trx
            .selectFrom("routing_rules")
            .selectAll()
            .where("domain_id", "=", rule.domainId)
            .where("rule_id", "=", rule.ruleId)
            .executeTakeFirst();
          if (!current) return { ok: false, reason: "rule_not_found" } as const;
          if (await keyTaken(trx, rule.domainId, sourceKey, rule.ruleId)) {
            return { ok: false, reason: "duplicate_source_path" } as const;
          }
          await trx
            .updateTable("routing_rules")
            .set(columns(rule, sourceKey))
            .where("domain_id", "=", rule.domainId)
            .where("rule_id", "=", rule.ruleId)
            .execute();
          return { ok: true, rule: { ...rule, createdAt: date(current.created_at) } } as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: "duplicate_source_path" };
        throw error;
      }
    },
    async deleteRule(domainId, ruleId) {
      const rows = await db
        .deleteFrom("routing_rules")
        .where("domain_id", "=", domainId)
        .where("rule_id", "=", ruleId)
        .returningAll()
        .execute();
      return rows[0] ? toRule(rows[0]) : null;
    },
    ...createKyselyPolicyStore(handle),
  } satisfies RuleStore;
}
