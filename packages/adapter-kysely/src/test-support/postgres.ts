import { freshSchema, postgresGate } from "@crawlgate/core/testing";

/** This package's tests on PostgreSQL: core's gate, probed once per test file. */
const gate = await postgresGate();

/** Connection string of the test server (DATABASE_URL, or the local default). */
export const DATABASE_URL = gate.url;

/** Why PostgreSQL is unreachable, or `null` when it answers. */
export const postgresUnavailable = gate.unavailable;

/** Registers PostgreSQL suites when the server answers (see `ServiceGate.when`). */
export const whenPostgres = gate.when;

export { freshSchema };
