import { kyselyConformance, kyselyCrawlConformance } from "./test-support/conformance.js";
import { freshPartitionedPostgres, freshPostgres } from "./test-support/handles.js";
import { whenPostgres } from "./test-support/postgres.js";

whenPostgres(() => {
  kyselyConformance("kysely + PostgreSQL", freshPostgres);
  kyselyCrawlConformance("kysely + PostgreSQL, day partitions", freshPartitionedPostgres);
});
