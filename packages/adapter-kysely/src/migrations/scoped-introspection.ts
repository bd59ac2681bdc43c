import { type DatabaseIntrospector, type Kysely, sql, type TableMetadata } from "kysely";
import type { KyselyHandle } from "../handle.js";

/**
 * The database as the migrator sees it, with an introspector that reads only the handle's own
 * schema. Kysely's migrator asks whether its two tables exist by introspecting every table of
 * every schema (kysely-org/kysely#1419): slow on a server with many schemas, wrong when another
 * schema has a `kysely_migration` table and no schema was chosen, and failing outright when a
 * table of another schema is dropped during the query (parallel test runs on one server). On
 * PostgreSQL this lists the tables of the handle's schema (else `current_schema()`) by name from
 * `pg_class`, never reading another schema's relations; SQLite is one file and stays as it is.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator takes a database of any shape
export function scopedForMigrator(handle: KyselyHandle): Kysely<any> {
  if (handle.dialect !== "postgres") return handle.db;
  const { db } = handle;
  const schema = handle.schema;
  const introspector: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    async getTables(): Promise<TableMetadata[]> {
      const { rows } = await sql<{ name: string; schema: string; kind: string }>`
        select c.relname as name, n.nspname as schema, c.relkind as kind
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'v', 'p')
          and n.nspname = ${schema === null ? sql`current_schema()` : schema}`.execute(db);
      return rows.map((r) => ({
        name: r.name,
        schema: r.schema,
        isView: r.kind === "v",
        columns: [],
      }));
    },
    async getMetadata(options) {
      return { tables: await this.getTables(options) };
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspector;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
