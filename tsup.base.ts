import { defineConfig } from "tsup";

/**
 * The one build every package shares: ESM + CJS + declarations for Node 20. `tsconfig` names
 * the config of the declaration build when the package's own one is for checks only.
 */
export function packageBuild(entry: string[] = ["src/index.ts"], tsconfig?: string) {
  return defineConfig({
    entry,
    ...(tsconfig ? { tsconfig } : {}),
    format: ["esm", "cjs"],
    dts: true,
    clean: true,
    sourcemap: true,
    target: "node20",
  });
}
