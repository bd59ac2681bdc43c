import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../../", import.meta.url).pathname;
const HIDE = new URL("./test-support/hide-packages.mjs", import.meta.url).pathname;
const CHILD = new URL("./test-support/import-entries.ts", import.meta.url).pathname;
const PACKAGE = "@crawlgate/adapter-kysely";

type Outcome = { specifier: string; exports?: string[]; error?: string };

/**
 * Imports the entries in a fresh Node process (sources through tsx) in which the `hidden`
 * driver cannot be resolved, as on a machine where only the other driver is installed.
 */
async function importWithout(hidden: string, specifiers: string[]): Promise<Outcome[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--import", HIDE, CHILD, ...specifiers],
    { cwd: ROOT, env: { ...process.env, HIDE_PACKAGES: hidden } },
  );
  return stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Outcome);
}

describe("the package's entries load with one driver installed", () => {
  it.each([
    {
      hidden: "better-sqlite3",
      entry: "postgres",
      opens: "createPostgresDatabase",
      other: "sqlite",
    },
    { hidden: "pg", entry: "sqlite", opens: "createSqliteDatabase", other: "postgres" },
  ])(
    "without $hidden, the root entry and the $entry entry load",
    async ({ hidden, entry, opens, other }) => {
      const [root, engine, missing] = await importWithout(hidden, [
        PACKAGE,
        `${PACKAGE}/${entry}`,
        `${PACKAGE}/${other}`,
      ]);
      expect(root?.error).toBeUndefined();
      expect(root?.exports).toEqual(
        expect.arrayContaining(["createKyselyStores", "migrateToLatest"]),
      );
      expect(engine?.error).toBeUndefined();
      expect(engine?.exports).toContain(opens);
      // The driver really is missing: the other engine's entry fails on it.
      expect(missing?.error).toContain(`Cannot find package '${hidden}'`);
    },
  );
});
