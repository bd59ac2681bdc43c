import { kyselyConformance } from "./test-support/conformance.js";
import { freshPostgres } from "./test-support/handles.js";
import { whenPostgres } from "./test-support/postgres.js";

whenPostgres(() => kyselyConformance("kysely + PostgreSQL", freshPostgres));
