import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT, resolveImport, rootCompilerOptions } from "./source-files.js";

/**
 * The conformance suites of `@crawlgate/core/testing` that an implementation of each storage port
 * must run. A port added to `Stores` without a line here fails the first test below.
 */
const SUITES_OF_PORT: Record<string, readonly string[]> = {
  AccountStore: ["accountStoreSuite"],
  RuleStore: ["ruleStoreSuite"],
  RateLimiter: ["rateLimiterSuite"],
  JobQueue: ["jobQueueSuite"],
  SettingsCache: ["settingsCacheSuite"],
  CrawlStore: ["crawlStoreSuite", "pageRankingSuite", "crawlDaysSuite"],
  SnapshotStore: ["snapshotStoreSuite"],
  ReferralStore: ["referralStoreSuite"],
  BlobStore: ["blobStoreSuite"],
  PageCache: ["pageCacheSuite"],
  ArchiveIndex: ["archiveIndexSuite"],
  RobotsStore: ["robotsStoreSuite"],
  DashboardSessionStore: ["dashboardSessionStoreSuite"],
  FleetLock: ["fleetLockSuite"],
  ChargeLedger: ["chargeLedgerSuite"],
  WarmingStore: ["warmingStoreSuite"],
};

const PORTS = "packages/core/src/ports/index.ts";
const TESTING = "packages/core/src/testing/index.ts";

/** The adapter packages (`@crawlgate/adapter-*`) and the source files of their doors. */
function adapterPackages(): { name: string; dir: string; entries: string[] }[] {
  return readdirSync(join(ROOT, "packages"))
    .sort()
    .map((dir) => ({
      dir: `packages/${dir}`,
      manifest: JSON.parse(readFileSync(join(ROOT, "packages", dir, "package.json"), "utf8")),
    }))
    .filter(({ manifest }) => String(manifest.name).startsWith("@crawlgate/adapter-"))
    .map(({ dir, manifest }) => ({
      name: manifest.name as string,
      dir,
      entries: Object.keys(manifest.exports ?? {}).map(
        (key) => resolveImport("package.json", `${manifest.name}${key.slice(1)}`) as string,
      ),
    }));
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir))) {
    if (entry === "node_modules" || entry === "dist") continue;
    const path = `${dir}/${entry}`;
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...filesUnder(path));
    else if (/\.tsx?$/.test(entry)) out.push(path);
  }
  return out;
}

/** Names imported from `@crawlgate/core/testing` that a package's files call, anywhere. */
function suitesCalled(dir: string): Set<string> {
  const called = new Set<string>();
  for (const file of filesUnder(dir)) {
    const text = readFileSync(join(ROOT, file), "utf8");
    if (!text.includes("@crawlgate/core/testing")) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const imported = new Set<string>();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) {
        continue;
      }
      if (statement.moduleSpecifier.text !== "@crawlgate/core/testing") continue;
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) imported.add(element.name.text);
      }
    }
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        imported.has(node.expression.text)
      ) {
        called.add(node.expression.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return called;
}

/** The storage ports each adapter package's exported factories return, directly or as a bundle. */
function portsReturned(adapters: { name: string; entries: string[] }[]): {
  ports: Map<string, Set<string>>;
  storesPorts: string[];
  suites: Set<string>;
} {
  const files = [PORTS, TESTING, ...adapters.flatMap((adapter) => adapter.entries)];
  const program = ts.createProgram(
    files.map((file) => join(ROOT, file)),
    rootCompilerOptions(),
  );
  const checker = program.getTypeChecker();
  const exportsOf = (file: string) => {
    const source = program.getSourceFile(join(ROOT, file));
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file}: not a module`);
    return checker.getExportsOfModule(module).map((symbol) => ({
      symbol,
      target: symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
    }));
  };
  const portTypes = new Map<string, ts.Type>();
  let stores: ts.Type | undefined;
  for (const { symbol, target } of exportsOf(PORTS)) {
    if (symbol.name === "Stores") stores = checker.getDeclaredTypeOfSymbol(target);
    if (symbol.name in SUITES_OF_PORT) {
      portTypes.set(symbol.name, checker.getDeclaredTypeOfSymbol(target));
    }
  }
  if (!stores) throw new Error("ports: no Stores");
  const storesPorts = checker
    .getPropertiesOfType(stores)
    .map((property) => checker.typeToString(checker.getTypeOfSymbol(property)));
  const suites = new Set(exportsOf(TESTING).map(({ symbol }) => symbol.name));

  const ports = new Map<string, Set<string>>();
  for (const adapter of adapters) {
    const found = new Set<string>();
    const note = (type: ts.Type) => {
      for (const [port, portType] of portTypes) {
        if (checker.isTypeAssignableTo(type, portType)) found.add(port);
      }
    };
    // A bundle is an object type written in the repository (not, say, a client library's class).
    const ownObject = (type: ts.Type) =>
      (type.getSymbol()?.declarations ?? []).some(
        (declaration) => !declaration.getSourceFile().fileName.includes("node_modules"),
      );
    for (const entry of adapter.entries) {
      for (const { symbol, target } of exportsOf(entry)) {
        if (!(target.flags & ts.SymbolFlags.Function)) continue;
        for (const signature of checker.getTypeOfSymbol(target).getCallSignatures()) {
          const returned = checker.getAwaitedType(signature.getReturnType());
          // An unresolved type is `any`, which every port accepts: refuse it rather than guess.
          if (!returned || returned.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
            throw new Error(`${adapter.name}: ${symbol.name} returns an unresolved type`);
          }
          note(returned);
          if (!ownObject(returned)) continue;
          for (const property of checker.getPropertiesOfType(returned)) {
            const type = checker.getTypeOfSymbol(property);
            if (!(type.flags & ts.TypeFlags.Any)) note(type);
          }
        }
      }
    }
    ports.set(adapter.name, found);
  }
  return { ports, storesPorts, suites };
}

describe("adapter packages", () => {
  const adapters = adapterPackages();
  const { ports, storesPorts, suites } = portsReturned(adapters);

  it("have a conformance suite named for every storage port, each exported by core's testing door", () => {
    expect(storesPorts.filter((port) => !(port in SUITES_OF_PORT))).toEqual([]);
    const named = Object.values(SUITES_OF_PORT).flat();
    expect(named.filter((suite) => !suites.has(suite))).toEqual([]);
  });

  it("are found with the ports their factories return (memory and Kysely fill Stores)", () => {
    expect(adapters.length).toBeGreaterThanOrEqual(5);
    const memory = [...(ports.get("@crawlgate/adapter-memory") ?? [])].sort();
    expect(memory).toEqual(Object.keys(SUITES_OF_PORT).sort());
    expect(ports.get("@crawlgate/adapter-fs")).toEqual(new Set(["BlobStore"]));
    expect(ports.get("@crawlgate/adapter-kysely")?.has("CrawlStore")).toBe(true);
  });

  it("each run the conformance suite of every port they return", () => {
    const missing: string[] = [];
    for (const adapter of adapters) {
      const called = suitesCalled(adapter.dir);
      for (const port of ports.get(adapter.name) ?? []) {
        for (const suite of SUITES_OF_PORT[port] ?? []) {
          if (!called.has(suite)) {
            missing.push(`${adapter.name} returns ${port} but never calls ${suite}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
