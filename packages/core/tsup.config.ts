import type { Options } from "tsup";
import { packageBuild } from "../../tsup.base";

// The declaration build includes the testing entry (Vitest on Node): it uses the repository's
// settings, while tsconfig.json checks that the runtime code needs no Node types. The testing
// entry's robots.txt suite reads its golden files next to its module (`./golden/`): they are
// copied beside the bundle, and `shims` gives the CJS build an `import.meta.url`.
export default {
  ...(packageBuild(
    ["src/index.ts", "src/adapter-kit.ts", "src/csv.ts", "src/testing/index.ts"],
    "tsconfig.build.json",
  ) as Options),
  shims: true,
  onSuccess:
    "mkdir -p dist/testing/golden && cp src/testing/edge/golden/*.robots.txt dist/testing/golden/",
} satisfies Options;
