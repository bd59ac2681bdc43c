import { packageBuild } from "../../tsup.base";

// The declaration build includes the testing entry (Vitest on Node): it uses the repository's
// settings, while tsconfig.json checks that the runtime code needs no Node types.
export default packageBuild(
  ["src/index.ts", "src/adapter-kit.ts", "src/csv.ts", "src/testing/index.ts"],
  "tsconfig.build.json",
);
