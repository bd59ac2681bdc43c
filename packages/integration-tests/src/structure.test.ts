import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isTest, ROOT, resolveImport, sourceFiles } from "./source-files.js";

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.ES2022, true);

/** Files a file imports or re-exports from (type-only imports included), within the repo. */
function importsOf(file: string): string[] {
  const out: string[] = [];
  for (const statement of parse(file).statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null;
    const target = specifier === null ? null : resolveImport(file, specifier);
    if (target) out.push(target);
  }
  return out;
}

/** Strongly connected components with more than one file, or a file importing itself. */
function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) circles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/**
 * Functions allowed past the size limit: the two benchmarked matchers (the routing rule index and
 * the User-Agent anchor scan, kept in one closure for speed), and store factories (a factory that
 * returns an object of short, independent methods reads well at any length).
 */
const LONG_ALLOWED =
  /^(compileRuleIndex|compileAnchorScan|create(Memory|Kysely|Fs|Sqlite|Postgres)\w*(Store|Stores|Queue|Limiter|Cache|Writer|Index))$/;
const MAX_LINES = 120;

/** Named functions of production code longer than `MAX_LINES` lines. */
function longFunctions(file: string): string[] {
  const source = parse(file);
  const out: string[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      const name = functionName(node);
      if (lines > MAX_LINES && !LONG_ALLOWED.test(name)) out.push(`${file} ${name} ${lines}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function functionName(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return "(anonymous)";
}

/** A ports file past this holds more than one area: split it by area. */
const MAX_PORT_FILE_LINES = 200;

describe("the repository's structure", () => {
  const files = sourceFiles();

  it("has no import circle among its source files (type-only imports included)", () => {
    const graph = new Map(files.filter((f) => !isTest(f)).map((f) => [f, importsOf(f)]));
    expect(graph.size).toBeGreaterThan(200);
    expect(importCircles(graph)).toEqual([]);
  });

  it(`has no function over ${MAX_LINES} lines outside the rule matcher and store factories`, () => {
    const production = files.filter(
      (f) => !isTest(f) && !f.includes("/src/testing/") && !f.includes("/src/fixtures/"),
    );
    expect(production.flatMap(longFunctions)).toEqual([]);
  });

  it(`keeps each file of core's ports/ under ${MAX_PORT_FILE_LINES} lines (one area per file)`, () => {
    const ports = files.filter((f) => f.startsWith("packages/core/src/ports/"));
    expect(ports.length).toBeGreaterThan(10);
    const long = ports
      .map((f) => `${f} ${readFileSync(join(ROOT, f), "utf8").split("\n").length - 1}`)
      .filter((entry) => Number(entry.split(" ")[1]) > MAX_PORT_FILE_LINES);
    expect(long).toEqual([]);
  });

  it("finds a circle and a long function when there is one (the checks can fail)", () => {
    const circle = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(importCircles(circle)).toEqual([["a", "b", "c"]]);
    expect(longFunctions("packages/integration-tests/src/fixtures/long-function.ts")).toEqual([
      "packages/integration-tests/src/fixtures/long-function.ts tooLong 122",
    ]);
  });
});
