import { packageBuild } from "../../tsup.base";

export default packageBuild(["src/index.ts", "src/adapter-kit.ts", "src/testing/index.ts"]);
