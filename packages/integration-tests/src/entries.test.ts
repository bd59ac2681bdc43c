import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT, resolveImport, rootCompilerOptions } from "./source-files.js";

/** Every door of every package: its specifier and its source file (package.json `exports`). */
function doors(): { specifier: string; file: string }[] {
  const out: { specifier: string; file: string }[] = [];
  for (const dir of readdirSync(join(ROOT, "packages")).sort()) {
    const manifest = JSON.parse(readFileSync(join(ROOT, "packages", dir, "package.json"), "utf8"));
    for (const key of Object.keys(manifest.exports ?? {})) {
      const specifier = `${manifest.name}${key.slice(1)}`;
      const file = resolveImport("package.json", specifier);
      if (file === null) throw new Error(`${specifier}: no source file for its export`);
      out.push({ specifier, file });
    }
  }
  return out;
}

/** The names each file exports, types marked `type `, sorted (UTF-16 order, as `sort()`). */
function exportLists(files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(
    files.map((file) => join(ROOT, file)),
    rootCompilerOptions(),
  );
  const checker = program.getTypeChecker();
  const lists = new Map<string, string[]>();
  for (const file of files) {
    const source = program.getSourceFile(join(ROOT, file));
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file}: not a module`);
    const names = checker.getExportsOfModule(module).map((symbol) => {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return target.flags & ts.SymbolFlags.Value ? symbol.name : `type ${symbol.name}`;
    });
    lists.set(
      file,
      names.sort((a, b) => (bare(a) < bare(b) ? -1 : bare(a) > bare(b) ? 1 : 0)),
    );
  }
  return lists;
}

const bare = (name: string) => name.replace(/^type /, "");

/** The names a file imports from modules matching `from`. */
function importedNames(file: string, from: RegExp): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(ROOT, file), "utf8"),
    ts.ScriptTarget.ES2022,
  );
  const out: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    if (!from.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      out.push(...bindings.elements.map((e) => e.name.text));
  }
  return out;
}

describe("public entries", () => {
  const all = doors();
  const portsDir = "packages/core/src/ports";
  const lists = exportLists([...all.map((door) => door.file), `${portsDir}/index.ts`]);
  const kit = new Set((lists.get("packages/core/src/adapter-kit.ts") ?? []).map(bare));

  // A new, moved or dropped name is a diff of entries.exports.txt. After a deliberate change:
  // `npx vitest run --update=all packages/integration-tests/src/entries.test.ts`, then review it.
  it("match the reviewed export lists of entries.exports.txt", async () => {
    const text = all
      .map(({ specifier, file }) => {
        const names = lists.get(file) ?? [];
        return [`${specifier} (${names.length})`, ...names.map((name) => `  ${name}`)].join("\n");
      })
      .join("\n\n");
    await expect(`${text}\n`).toMatchFileSnapshot("./entries.exports.txt");
  });

  it("keep the app entry to what an embedder calls (about 70 names)", () => {
    expect(lists.get("packages/core/src/index.ts")?.length).toBeLessThanOrEqual(81);
  });

  it("give an adapter author one door: every port, and every row type a port's contract names, is in the adapter kit", () => {
    const ports = (lists.get(`${portsDir}/index.ts`) ?? []).filter((name) => name !== bare(name));
    const needed = new Set(ports.map(bare));
    for (const file of readdirSync(join(ROOT, portsDir))) {
      for (const name of importedNames(`${portsDir}/${file}`, /^\.\.\//)) needed.add(name);
    }
    expect(needed.size).toBeGreaterThan(60);
    expect([...needed].filter((name) => !kit.has(name)).sort()).toEqual([]);
  });
});
