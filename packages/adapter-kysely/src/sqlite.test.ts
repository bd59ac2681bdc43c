import { kyselyConformance } from "./test-support/conformance.js";
import { freshSqlite } from "./test-support/handles.js";

kyselyConformance("kysely + SQLite", freshSqlite);
