import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Every TypeScript source file (`.ts`, `.tsx`) of the packages, tests included, repository-relative. */
export function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
    }
  };
  for (const pkg of readdirSync(join(ROOT, "packages"))) {
    const src = join(ROOT, "packages", pkg, "src");
    if (existsSync(src)) walk(src);
  }
  return out.map((file) => relative(ROOT, file)).sort();
}

export const isTest = (file: string) => file.endsWith(".test.ts");

/**
 * The source file an import specifier of `from` names: a relative path (`./x.js` → `x.ts`,
 * `x.tsx` or `x/index.ts`), or a workspace package entry (`@crawlgate/core/adapter-kit`) through its
 * package.json `exports` (dist → src). `null` for anything else (npm packages, node:*).
 */
export function resolveImport(from: string, specifier: string): string | null {
  if (specifier.startsWith(".")) {
    const base = join(dirname(join(ROOT, from)), specifier).replace(/\.js$/, "");
    for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
      if (existsSync(candidate)) return relative(ROOT, candidate);
    }
    return null;
  }
  const match = /^@crawlgate\/([^/]+)(\/.*)?$/.exec(specifier);
  if (!match) return null;
  const pkgDir = join(ROOT, "packages", match[1] as string);
  const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  const entry = manifest.exports?.[`.${match[2] ?? ""}`];
  const target: string | undefined = entry?.import?.default ?? entry?.default;
  if (!target) return null;
  const source = join(pkgDir, target.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts"));
  return existsSync(source) ? relative(ROOT, source) : null;
}

/** The root tsconfig's compiler options (workspace packages resolve to their sources). */
export function rootCompilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, "tsconfig.json"), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error("tsconfig.json: not readable");
  return { ...parsed.options, noEmit: true, jsx: ts.JsxEmit.ReactJSX, jsxImportSource: "preact" };
}
